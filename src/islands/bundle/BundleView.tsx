import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ArticleGrid } from '../../components/catalogue/ArticleGrid.tsx';
import { MAX_BUNDLE_IDS } from '../../lib/domain/bundle-ids.ts';
import { formatArticleCount } from '../../lib/format/count.ts';
import { $bundle, loadBundle } from '../../stores/bundle.ts';

/** Placeholders while loading: two desktop rows, so the first screen is reserved. */
const SKELETON_CARDS = 8;

function Skeleton() {
  return (
    <ul
      className="desk:grid-cols-4 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3"
      aria-hidden="true"
      data-bundle-skeleton
    >
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <li key={i} className="flex flex-col">
          <div className="bg-surface aspect-square animate-pulse rounded-md" />
          <div className="mt-2 h-5 w-1/3 rounded bg-gray-200" />
          <div className="mt-1 h-6 w-4/5 rounded bg-gray-200" />
          <div className="mt-2 h-6 w-1/4 rounded bg-gray-200" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The bundle page's selection: reads the ids from the URL (`/utvalg/1+2+3`), loads them
 * through the $bundle store and shows them as article cards in the URL's order, with
 * Norwegian loading, invalid, empty and error states. The server renders the loading state,
 * which reserves the space of the first rows.
 */
export default function BundleView() {
  const state = useStore($bundle);

  useEffect(() => {
    void loadBundle(location.pathname);
  }, []);

  const count = state.status === 'ready' ? state.articles.length : null;
  useEffect(() => {
    if (count !== null) document.title = `Utvalg (${formatArticleCount(count)})`;
  }, [count]);

  return (
    <div className="min-h-[60vh]" aria-busy={state.status === 'loading'}>
      <p className="mb-6 min-h-6 text-gray-700" role="status" data-bundle-count>
        {state.status === 'loading'
          ? 'Henter utvalget …'
          : count === null
            ? ''
            : formatArticleCount(count)}
      </p>
      {state.status === 'loading' && <Skeleton />}
      {state.status === 'invalid' && (
        <p className="bg-surface rounded-md p-4" data-bundle-message>
          Lenken til utvalget er ugyldig. Et utvalg består av opptil {MAX_BUNDLE_IDS} varenumre
          skilt med +, for eksempel /utvalg/12+34.
        </p>
      )}
      {state.status === 'error' && (
        <div
          className="bg-surface flex flex-wrap items-center gap-4 rounded-md p-4"
          data-bundle-message
        >
          <p>Noe gikk galt, og utvalget kunne ikke hentes.</p>
          <button
            type="button"
            className="bg-brand text-brand-ink min-h-11 rounded-md px-4 font-semibold"
            onClick={() => void loadBundle(location.pathname)}
          >
            Prøv igjen
          </button>
        </div>
      )}
      {state.status === 'ready' && state.articles.length === 0 && (
        <p className="bg-surface rounded-md p-4" data-bundle-message>
          Fant ingen varer i dette utvalget
        </p>
      )}
      {state.status === 'ready' && state.articles.length > 0 && (
        <section aria-labelledby="utvalg-varer">
          <h2 id="utvalg-varer" className="sr-only">
            Varer i utvalget
          </h2>
          <ArticleGrid articles={state.articles} />
        </section>
      )}
    </div>
  );
}
