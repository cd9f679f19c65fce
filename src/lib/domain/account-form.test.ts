import { describe, expect, it } from 'vitest';
import type { Customer } from '../types.ts';
import { accountChanges, draftOf } from './account-form.ts';

const customer = {
  id: 1,
  firstname: 'Kari',
  surname: 'Nordmann',
  email: 'kari@example.no',
  phone: '91234567',
  address: { addr: 'Storgata 1', postnr: '0155' },
  city: 'Oslo',
} as Customer;

describe('accountChanges', () => {
  it('answers null when nothing changed', () => {
    expect(accountChanges(customer, draftOf(customer))).toBeNull();
  });

  it('sends only changed, non-empty values', () => {
    const draft = { ...draftOf(customer), firstname: ' Kaja ', surname: '', city: 'Oslo' };
    expect(accountChanges(customer, draft)).toEqual({ firstname: 'Kaja' });
  });

  it('sends the whole address when a part changed, and a new password with its copy', () => {
    const draft = {
      ...draftOf(customer),
      postnr: '0156',
      password: 'hemmelig1',
      passwordConfirmation: 'hemmelig1',
    };
    expect(accountChanges(customer, draft)).toEqual({
      address: { addr: 'Storgata 1', postnr: '0156' },
      password: 'hemmelig1',
      passwordConfirmation: 'hemmelig1',
    });
  });
});
