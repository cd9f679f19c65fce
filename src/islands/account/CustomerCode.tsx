import { useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';
import { loadCustomerCode } from '../../stores/account-history.ts';

/**
 * The customer code as a QR code to show at the till: drawn large (280 px, quiet zone
 * included) with error correction M, so a till scanner reads it off a phone screen.
 */
export default function CustomerCode() {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; code: string; image: string } | { status: 'error' }
  >({ status: 'loading' });

  useEffect(() => {
    void loadCustomerCode().then(async (code) => {
      if (code === null) {
        setState({ status: 'error' });
        return;
      }
      const image = await toDataURL(code, { errorCorrectionLevel: 'M', margin: 4, width: 280 });
      setState({ status: 'ready', code, image });
    });
  }, []);

  return (
    <div className="grid min-h-[320px] justify-items-start gap-2" data-customer-code>
      {state.status === 'loading' && <p aria-busy="true">Henter kundekoden …</p>}
      {state.status === 'error' && <p role="alert">Vi fikk ikke hentet kundekoden. Prøv igjen.</p>}
      {state.status === 'ready' && (
        <>
          <img
            src={state.image}
            width={280}
            height={280}
            alt={`QR-kode med kundekoden din, ${state.code}`}
            className="rounded-md bg-white"
            data-code={state.code}
          />
          <p className="font-mono text-lg tracking-wider">{state.code}</p>
        </>
      )}
    </div>
  );
}
