import { describe, expect, it } from 'vitest';
import { escapeHtml, orderMail, resetMail, shopUrl, verificationMail } from './mail.ts';

describe('shopUrl', () => {
  const brand = 'https://www.toppfart.no';

  it("takes the tenant's own SHOP_URL_<TENANT>, else SHOP_URL, else the public origin", () => {
    const env = {
      SHOP_URL: 'https://shop.example/',
      SHOP_URL_VILLMARK: 'https://villmark.example',
    };
    expect(shopUrl('villmark', brand, env)).toBe('https://villmark.example');
    expect(shopUrl('smatroll', brand, env)).toBe('https://shop.example');
    expect(shopUrl(undefined, brand, env)).toBe('https://shop.example');
    expect(shopUrl(undefined, brand, {})).toBe(brand);
    expect(shopUrl('villmark', `${brand}/`, { SHOP_URL: '' })).toBe(brand);
    // A tenant that is no variable name reads no variable.
    expect(shopUrl('../x', brand, { 'SHOP_URL_../X': 'https://evil.example' })).toBe(brand);
  });
});

describe('mails', () => {
  const customer = { id: 7, first_name: '<script>alert(1)</script>', email: 'kari+1@example.no' };

  it('escape every interpolated value in HTML and say the same in both bodies', () => {
    const mail = verificationMail(customer, 'abc_-123', 'https://shop.example');
    const link = 'https://shop.example/bekreft-epost?id=7&token=abc_-123';
    expect(mail.to).toBe('kari+1@example.no');
    expect(mail.text).toContain(`Hei ${customer.first_name}!`);
    expect(mail.text).toContain(link);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hei &lt;script&gt;alert(1)&lt;/script&gt;!');
    expect(mail.html).toContain(`<a href="${escapeHtml(link)}">`);
  });

  it('put the e-mail address in the reset link encoded', () => {
    const mail = resetMail(customer, 'tok', 'https://shop.example');
    expect(mail.text).toContain(
      'https://shop.example/nytt-passord?email=kari%2B1%40example.no&token=tok',
    );
    expect(mail.subject).toBe('Lag nytt passord');
  });

  it('show lines, discount, shipping, total and VAT in kroner', () => {
    const mail = orderMail(
      {
        to: 'kari@example.no',
        name: 'Kari & Ola',
        number: 12,
        lines: [{ name: 'Jakke', size: 'M', color: 'Rød', count: 2, price: 99_950, pant: 0 }],
        shippingPrice: 19_900,
        discount: 10_000,
        promoCode: 'VÅR10',
        total: 209_800,
        where: 'Sendes til Storgata 1, 0155 Oslo.',
        address: 'Storgata 1, 0155 Oslo',
      },
      {
        vatTotal: 41_960,
        orderedDay: '10. mars 2025',
        method: 'Hjemlevering – Levering hjem på døra, 2-4 virkedager.',
        seller: {
          company: 'Nordfjell Handel AS',
          orgNo: '918745327',
          address: 'Fjellvegen 14, 2609 Lillehammer',
          email: 'kundeservice@toppfart.no',
        },
        withdrawalLink: null,
        standardShipping: 19_900,
      },
    );
    expect(mail.subject).toBe('Ordrebekreftelse 12');
    for (const part of [
      '2 × Jakke (M, Rød)',
      '1 999,00 kr',
      'Rabatt (VÅR10)',
      '−100,00 kr',
      'Frakt',
      '199,00 kr',
      'Totalt',
      '2 098,00 kr',
      'Herav mva.',
      '419,60 kr',
    ]) {
      expect(mail.text.replaceAll('\u00a0', ' ')).toContain(part);
    }
    expect(mail.html).toContain('Hei Kari &amp; Ola!');
  });

  it('escape the characters HTML would read as markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
