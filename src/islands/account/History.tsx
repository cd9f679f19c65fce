import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../../lib/format/date.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { formatPrice } from '../../lib/format/money.ts';
import type { CustomerOrder, CustomerReview, HistoryKind, Reservation } from '../../lib/types.ts';
import { formatNorwegianDay } from '../../../contract/withdrawal.ts';
import { canWithdraw, unitsText, withdrawnUnits } from '../../lib/domain/withdrawal.ts';
import {
  $history,
  loadHistory,
  loadMoreHistory,
  updateOrder,
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

/** docs/spec.md §3's reservation states in Norwegian (contract: 1 to 4). */
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

/** What was withdrawn of an order so far and when, each withdrawal in a sentence. */
function Withdrawals({ item }: { item: CustomerOrder }) {
  const records = item.withdrawal?.withdrawals ?? [];
  return records.map((record) => (
    <span key={record.withdrawnAt} className="block">
      Angret {formatDateTime(record.withdrawnAt)}: {unitsText(withdrawnUnits(item, record))}.
    </span>
  ));
}

/**
 * An order's right of withdrawal: what was withdrawn (focused once the dialog closes, since
 * a withdrawn order's button is gone), 'Angre kjøpet' while something is left within the
 * period, or that the period is over.
 */
function OrderWithdrawal({ item, onWithdraw }: { item: CustomerOrder; onWithdraw: () => void }) {
  const { withdrawal } = item;
  if (withdrawal === null) {
    return item.status === 'withdrawn' ? (
      <p className="font-semibold" tabIndex={-1} data-order-status="withdrawn">
        Angret
      </p>
    ) : null;
  }
  const withdrawn = item.status === 'withdrawn';
  const status = (withdrawn || withdrawal.withdrawals.length > 0) && (
    <p className="font-semibold" tabIndex={-1} data-order-status={withdrawn ? 'withdrawn' : 'part'}>
      {withdrawn ? 'Angret' : 'Delvis angret'}
      <span className="sr-only">: </span>
      <span className="block font-normal">
        <Withdrawals item={item} />
      </span>
    </p>
  );
  if (withdrawn) return status;
  const { lastDay } = withdrawal;
  if (!canWithdraw(item, new Date())) {
    return (
      <>
        {status}
        {lastDay !== null && (
          <p className="text-sm text-gray-700">
            Angrefristen gikk ut {formatNorwegianDay(lastDay)}.
          </p>
        )}
      </>
    );
  }
  return (
    <>
      {status}
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
          {lastDay === null
            ? 'Angrefristen begynner når du har fått alle varene'
            : `Angrefrist til og med ${formatNorwegianDay(lastDay)}`}
        </span>
      </p>
    </>
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
 * (pages merged by id, docs/spec.md §4), and a review form for what they bought.
 */
export default function History() {
  const customer = useAccount();
  const history = useStore($history);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [withdrawing, setWithdrawing] = useState<CustomerOrder | null>(null);
  const withdrawalModule = useModule(loadWithdrawalDialog, withdrawing !== null);
  // Whether the open dialog recorded a withdrawal, which takes focus once it closes.
  const recorded = useRef(false);

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
            if (!recorded.current) return;
            // Focus goes to what was withdrawn (a withdrawn order's button is gone).
            recorded.current = false;
            const id = String(withdrawing.id);
            requestAnimationFrame(() =>
              document
                .querySelector<HTMLElement>(`[data-history-item="${id}"] [data-order-status]`)
                ?.focus(),
            );
          }}
          onWithdrawn={(receipt) => {
            recorded.current = true;
            updateOrder(receipt.order);
          }}
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
                      aria-label={`Skriv anmeldelse av ${article.name}`}
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
