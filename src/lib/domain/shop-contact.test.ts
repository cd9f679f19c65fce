import { describe, expect, it } from 'vitest';
import { phoneLink, shopContact, type ContactFields } from './shop-contact.ts';

describe('phoneLink', () => {
  it.each([
    ['22123456', 'tel:+4722123456', '22 12 34 56'],
    ['91234567', 'tel:+4791234567', '912 34 567'],
    ['+47 412 34 567', 'tel:+4741234567', '412 34 567'],
    ['0047 22-12-34-56', 'tel:+4722123456', '22 12 34 56'],
  ])('%j -> %s shown as %j', (raw, href, text) => {
    expect(phoneLink(raw)).toEqual({ href, external: true, text });
  });

  it.each(['', '1234567', '123456789', '+46 70 123 45 67', 'javascript:alert(1)', '2212345a'])(
    'gives no link for %j',
    (raw) => {
      expect(phoneLink(raw)).toBeNull();
    },
  );
});

describe('shopContact', () => {
  const shop: ContactFields = {
    phone: '22123456',
    email: 'oslo-sentrum@toppfart.no',
    messengerId: 'toppfart.oslo-sentrum',
    mapLink: 'https://www.openstreetmap.org/?mlat=59.91270&mlon=10.74610#map=17/59.91270/10.74610',
  };

  it('links phone, e-mail, Messenger and the map', () => {
    expect(shopContact(shop)).toEqual({
      phone: { href: 'tel:+4722123456', external: true, text: '22 12 34 56' },
      email: {
        href: 'mailto:oslo-sentrum@toppfart.no',
        external: true,
        text: 'oslo-sentrum@toppfart.no',
      },
      messenger: {
        href: 'https://m.me/toppfart.oslo-sentrum',
        external: true,
        text: 'Send oss en melding på Messenger',
      },
      map: { href: shop.mapLink, external: true },
    });
  });

  it('gives no link for values of another form (a hostile API)', () => {
    const evil = '"><script>alert(1)</script>';
    expect(
      shopContact({
        phone: 'javascript:alert(1)',
        email: `${evil}@example.no`,
        messengerId: `x/../${evil}`,
        mapLink: 'javascript:alert(1)',
      }),
    ).toEqual({ phone: null, email: null, messenger: null, map: null });
  });

  it('takes only a web address as the map, and no Messenger without an id', () => {
    const contact = shopContact({ ...shop, mapLink: 'mailto:kart@example.no', messengerId: null });
    expect(contact.map).toBeNull();
    expect(contact.messenger).toBeNull();
    expect(shopContact({ ...shop, mapLink: '//evil.example/kart' }).map).toBeNull();
  });
});
