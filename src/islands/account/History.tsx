import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatDate } from '../../lib/format/date.ts';
import { formatPrice } from '../../lib/format/money.ts';
import type { CustomerOrder, CustomerReview, HistoryKind, Reservation } from '../../lib/types.ts';
import { formatNorwegianDay } from '../../../contract/withdrawal.ts';
import { canWithdraw } from '../../lib/domain/withdrawal.ts';
import {
  $history,
  loadHistory,
  loadMoreHistory,
  markOrderWithdrawn,
} from '../../stores/account-history.ts';
import { OrderLines } from '../shared/OrderLines.tsx';
import { useModule } from '../shared/use-module.ts';
import { SECONDARY_BUTTON } from './FormMessage.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { useAccount } from './use-account.ts';

// The withdrawal's dialog, store and calls load when a shopper first asks to withdraw.
const loadWithdrawalDialog = () => import('../withdrawal/WithdrawalDialog.tsx');

const TITLES: Readonly<Record<HistoryKind, string>> = {
  reservations: 'Reservasjoner',
  orders: 'Ordre',
  reviews: 'Anmeldelser',
};

const EMPTY: Readonly<Record<HistoryKind, string>> = {
  reservations: 'Du har ingen reservasjoner ennå.',
  orders: 'Du har ingen ordre ennå.',
  reviews: 'Du har ikke skrevet noen anmeldelser ennå.',
};

/** SPEC 3's reservation states in Norwegian (contract: 1 to 4). */
const STATUS: Readonly<Record<number, string>> = {
  1: 'Mottatt',
  2: 'Klar til henting',
  3: 'Hentet',
  4: 'Kansellert',
};

function ReservationItem({ item }: { item: Reservation }) {
  return (
    <article
      className="grid gap-2 rounded-md border border-gray-200 p-4"
      data-history-item={item.id}
    >
      <h3 className="font-semibold">
        Reservasjon {item.id} · {formatDate(item.date)}
      </h3>
      <p className="text-sm">
        {item.delivery ? 'Levering' : 'Klikk & Hent'} · {STATUS[item.statusId] ?? 'Ukjent status'}
      </p>
      <OrderLines lines={item.lines} />
      <p className="font-semibold">Totalt {formatPrice(item.total)}</p>
    </article>
  );
}

/** An order's right of withdrawal: withdrawn, 'Angre kjøpet' within the period, or over. */
function OrderWithdrawal({ item, onWithdraw }: { item: CustomerOrder; onWithdraw: () => void }) {
  const { withdrawal } = item;
  if (item.status === 'withdrawn') {
    return (
      <p className="font-semibold" tabIndex={-1} data-order-status="withdrawn">
        Angret{withdrawal?.withdrawnAt ? ` ${formatDate(withdrawal.withdrawnAt)}` : ''}
      </p>
    );
  }
  if (withdrawal === null) return null;
  if (!canWithdraw(item, new Date())) {
    return (
      <p className="text-sm text-gray-700">
        Angrefristen gikk ut {formatNorwegianDay(withdrawal.lastDay)}.
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={SECONDARY_BUTTON}
        onClick={onWithdraw}
        aria-label={`Angre kjøpet av ordre ${String(item.id)}`}
        data-withdraw-order={item.id}
      >
        Angre kjøpet
      </button>
      <span className="text-sm text-gray-700">
        Angrefrist til og med {formatNorwegianDay(withdrawal.lastDay)}
      </span>
    </p>
  );
}

function OrderItem({ item, onWithdraw }: { item: CustomerOrder; onWithdraw: () => void }) {
  return (
    <article
      className="grid gap-2 rounded-md border border-gray-200 p-4"
      data-history-item={item.id}
    >
      <h3 className="font-semibold">
        Ordre {item.id} · {formatDate(item.date)}
      </h3>
      <OrderLines lines={item.lines} />
      <p className="font-semibold">
        Totalt {formatPrice(item.total)}{' '}
        <span className="text-sm font-normal">(mva. {formatPrice(item.vatTotal)})</span>
      </p>
      <OrderWithdrawal item={item} onWithdraw={onWithdraw} />
    </article>
  );
}

function ReviewItem({ item }: { item: CustomerReview }) {
  return (
    <article
      className="grid gap-1 rounded-md border border-gray-200 p-4"
      data-history-item={item.id}
    >
      <h3 className="font-semibold">
        <a href={`/product/${item.articleId}`} className="underline underline-offset-2">
          {item.articleName}
        </a>
      </h3>
      <p>
        <span className="sr-only">Vurdering: </span>
        {'★'.repeat(item.rating)}
        {'☆'.repeat(5 - item.rating)} <span className="sr-only">av 5</span>
      </p>
      <p>{item.content}</p>
      <p className="text-sm text-gray-700">
        {formatDate(item.createdAt)} ·{' '}
        {item.approved ? 'Publisert' : <span data-review-pending>Venter på godkjenning</span>}
      </p>
    </article>
  );
}

/** The articles of the customer's orders and reservations, once each, to review. */
function boughtArticles(
  reservations: readonly Reservation[],
  orders: readonly CustomerOrder[],
): Array<{ id: number; name: string }> {
  const seen = new Map<number, string>();
  for (const line of [...reservations, ...orders].flatMap((x) => x.lines)) {
    if (!seen.has(line.articleId)) seen.set(line.articleId, line.name);
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

/**
 * The customer's history: reservations, orders and reviews, each paged with 'Vis flere'
 * (pages merged by id, SPEC 4), and a review form for what they bought.
 */
export default function History() {
  const customer = useAccount();
  const history = useStore($history);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [withdrawing, setWithdrawing] = useState<CustomerOrder | null>(null);
  const withdrawalModule = useModule(loadWithdrawalDialog, withdrawing !== null);

  // Once per customer: the server's confirmation replaces the stored customer's object.
  const customerId = customer?.id;
  useEffect(() => {
    if (customerId === undefined) return;
    void loadHistory('reservations');
    void loadHistory('orders');
    void loadHistory('reviews');
  }, [customerId]);

  if (!customer) return <p aria-busy="true">Henter historikken din …</p>;

  const kinds: HistoryKind[] = ['reservations', 'orders', 'reviews'];
  const bought = boughtArticles(history.reservations.items, history.orders.items);

  return (
    <div className="grid gap-10" data-history>
      {kinds.map((kind) => {
        const state = history[kind];
        return (
          <section key={kind} aria-labelledby={`historikk-${kind}`} className="grid gap-4">
            <h2 id={`historikk-${kind}`} className="text-2xl font-bold">
              {TITLES[kind]}
              {state.total > 0 && <span className="text-lg font-normal"> ({state.total})</span>}
            </h2>
            {state.status === 'error' && (
              <p role="alert">Vi fikk ikke hentet {TITLES[kind].toLowerCase()}. Prøv igjen.</p>
            )}
            {state.status === 'ready' && state.items.length === 0 && <p>{EMPTY[kind]}</p>}
            <div
              className="grid gap-3"
              aria-busy={state.status === 'loading'}
              data-history-list={kind}
            >
              {kind === 'reservations' &&
                history.reservations.items.map((item) => (
                  <ReservationItem key={item.id} item={item} />
                ))}
              {kind === 'orders' &&
                history.orders.items.map((item) => (
                  <OrderItem key={item.id} item={item} onWithdraw={() => setWithdrawing(item)} />
                ))}
              {kind === 'reviews' &&
                history.reviews.items.map((item) => <ReviewItem key={item.id} item={item} />)}
            </div>
            {state.status === 'loading' && <p aria-live="polite">Henter …</p>}
            {state.page < state.lastPage && state.status !== 'loading' && (
              <p>
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  onClick={() => void loadMoreHistory(kind)}
                  data-more={kind}
                >
                  Vis flere {TITLES[kind].toLowerCase()}
                </button>
              </p>
            )}
          </section>
        );
      })}
      {withdrawing && withdrawalModule && (
        <withdrawalModule.WithdrawalDialog
          orderId={withdrawing.id}
          access={null}
          order={withdrawing}
          onClose={() => {
            setWithdrawing(null);
            // A withdrawn order's button is gone: focus goes to the order's new state.
            const id = String(withdrawing.id);
            requestAnimationFrame(() =>
              document
                .querySelector<HTMLElement>(`[data-history-item="${id}"] [data-order-status]`)
                ?.focus(),
            );
          }}
          onWithdrawn={(withdrawal) =>
            markOrderWithdrawn(withdrawal.orderId, withdrawal.withdrawnAt)
          }
        />
      )}
      {bought.length > 0 && (
        <section aria-labelledby="skriv-anmeldelse" className="grid gap-4">
          <h2 id="skriv-anmeldelse" className="text-2xl font-bold">
            Skriv en anmeldelse
          </h2>
          <ul className="grid gap-3">
            {bought.map((article) => (
              <li key={article.id} className="grid gap-2">
                <p className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold">{article.name}</span>
                  {reviewing !== article.id && (
                    <button
                      type="button"
                      className={SECONDARY_BUTTON}
                      onClick={() => setReviewing(article.id)}
                      aria-label={`Skriv en anmeldelse av ${article.name}`}
                    >
                      Skriv anmeldelse
                    </button>
                  )}
                </p>
                {reviewing === article.id && (
                  <ReviewForm
                    article={article}
                    onDone={() => {
                      setReviewing(null);
                      void loadHistory('reviews');
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
