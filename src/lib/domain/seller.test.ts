import { describe, expect, it } from 'vitest';
import { formatOrgNo, sellerAddress, sellerLine, type Seller } from './seller.ts';

const seller: Seller = {
  company: 'Nordfjell Handel AS',
  orgNo: '918745327',
  companyAddress: { street: 'Fjellvegen 14', postalCode: '2609', city: 'Lillehammer' },
};

describe('formatOrgNo', () => {
  it('groups nine digits in threes', () => {
    expect(formatOrgNo('918745327')).toBe('918 745 327');
    expect(formatOrgNo(' 918 745327 ')).toBe('918 745 327');
  });

  it('leaves anything else as given', () => {
    expect(formatOrgNo('91874532')).toBe('91874532');
    expect(formatOrgNo('MVA918745327')).toBe('MVA918745327');
  });
});

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
