import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';
import { loadCustomerCode } from '../../stores/customer-code.ts';

/**
 * The customer code as a QR code to show at the till: an SVG (sharp at any screen density)
 * drawn 280 px wide with a quiet zone and error correction M, so a till scanner reads it off
 * a phone screen. The SVG is made by the QR library from the code alone; it holds no text.
 */
export default function CustomerCode() {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; code: string; svg: string } | { status: 'error' }
  >({ status: 'loading' });

  useEffect(() => {
    void loadCustomerCode().then(async (code) => {
      if (code === null) {
        setState({ status: 'error' });
        return;
      }
      const svg = await qrSvg(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
      setState({ status: 'ready', code, svg });
    });
  }, []);

  return (
    <div className="grid min-h-[320px] justify-items-start gap-2" data-customer-code>
      {state.status === 'loading' && <p aria-busy="true">Henter kundekoden …</p>}
      {state.status === 'error' && <p role="alert">Vi fikk ikke hentet kundekoden. Prøv igjen.</p>}
      {state.status === 'ready' && (
        <>
          <div
            role="img"
            aria-label={`QR-kode med kundekoden din, ${state.code}`}
            className="size-[280px] rounded-md bg-white [&>svg]:size-full"
            data-code={state.code}
            dangerouslySetInnerHTML={{ __html: state.svg }}
          />
          <p className="font-mono text-lg tracking-wider">{state.code}</p>
        </>
      )}
    </div>
  );
}
