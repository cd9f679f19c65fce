import { describe, expect, it } from 'vitest';
import { sellerAddress, sellerLine, type Seller } from './seller.ts';

const seller: Seller = {
  company: 'Nordfjell Handel AS',
  orgNo: '918745327',
  companyAddress: { street: 'Fjellvegen 14', postalCode: '2609', city: 'Lillehammer' },
};

describe('sellerLine', () => {
  it('names the company, its organisation number and address', () => {
    expect(sellerLine(seller)).toBe(
      'Nordfjell Handel AS, org.nr. 918 745 327, Fjellvegen 14, 2609 Lillehammer',
    );
  });

  it('leaves out what the settings lack', () => {
    expect(sellerLine({ ...seller, orgNo: '', companyAddress: null })).toBe('Nordfjell Handel AS');
    expect(
      sellerAddress({
        ...seller,
        companyAddress: { street: '', postalCode: '2609', city: 'Lillehammer' },
      }),
    ).toBe('2609 Lillehammer');
  });
});
