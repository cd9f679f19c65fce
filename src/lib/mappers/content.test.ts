import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiTenant } from '../../../contract/index.ts';
import { toSettings, toTenant } from './content.ts';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('toTenant', () => {
  const wire: ApiTenant = {
    id: 'a',
    chainId: 1,
    name: 'Brand A',
    domain: 'a.example',
    supportEmail: 'hjelp@a.example',
    company: 'A AS',
    orgNo: '918745327',
    companyAddress: { street: 'Fjellvegen 14', postalCode: '2609', city: 'Lillehammer' },
    menuCategories: [1, 2],
    menuGenders: [1, 2, 4],
    flags: {
      maintenance: true,
      info: false,
      about: true,
      support: true,
      supportLink: false,
      singleLineHeader: false,
      search: 'full',
      childrenPages: false,
    },
    assortment: null,
  };

  it('maps a tenant and its assortment', () => {
    expect(toTenant(wire)).toEqual(wire);
    const limited = { ...wire, assortment: { genderIds: [4], mainGroupIds: [1] } };
    expect(toTenant(limited)?.assortment).toEqual({ genderIds: [4], mainGroupIds: [1] });
  });

  it('tells a missing seller address by null and a missing org number by an empty text', () => {
    const bare = { ...wire, orgNo: undefined, companyAddress: undefined };
    expect(toTenant(bare as unknown as ApiTenant)).toMatchObject({
      orgNo: '',
      companyAddress: null,
    });
  });

  it('skips a tenant without flags', () => {
    expect(toTenant({ ...wire, flags: undefined } as unknown as ApiTenant)).toBeNull();
  });
});

describe('toSettings', () => {
  it('defaults missing lists and skips settings without a tenant', () => {
    expect(toSettings({ tenant: 'a' } as Parameters<typeof toSettings>[0])).toEqual({
      tenant: 'a',
      home: [],
      previews: {},
    });
    expect(toSettings({} as Parameters<typeof toSettings>[0])).toBeNull();
  });

  it('skips home and preview slots without a type or ids, and ids that are not integers', () => {
    const good = { type: 'grid', title: 'Nytt', ids: [1, '2', 3.5, 4], link: null, image: null };
    const settings = toSettings({
      tenant: 'a',
      home: [good, { type: 'grid', title: 'Uten ids' }, { ids: [1] }, 'slot'],
      previews: { jul: [good, null], tom: 'ikke en liste' },
    } as unknown as Parameters<typeof toSettings>[0]);
    const kept = { ...good, ids: [1, 4] };
    expect(settings?.home).toEqual([kept]);
    expect(settings?.previews).toEqual({ jul: [kept], tom: [] });
  });
});
