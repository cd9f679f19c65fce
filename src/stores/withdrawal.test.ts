import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api/client.ts';
import type { WithdrawalAccess } from '../lib/domain/withdrawal.ts';
import { orderLine as item } from '../test-support/withdrawal.ts';
import type { CustomerOrder, LineUnits, Withdrawal } from '../lib/types.ts';
import {
  $withdrawal,
  chooseUnits,
  closeWithdrawal,
  confirmWithdrawal,
  startWithdrawal,
} from './withdrawal.ts';

// The withdrawal calls are stubbed; each test says what the server answers.
const api = vi.hoisted(() => ({
  withdrawalOrder: vi.fn<(id: number, access: WithdrawalAccess) => Promise<CustomerOrder>>(),
  withdrawOrder:
    vi.fn<
      (
        id: number,
        access: WithdrawalAccess,
        lines: LineUnits[] | null,
        key: string,
      ) => Promise<Withdrawal>
    >(),
}));
vi.mock('../lib/api/withdrawal.ts', () => api);

/** Order 7: three pairs of socks and a cap, nothing withdrawn yet. */
const order: CustomerOrder = {
  id: 7,
  vat: 25,
  vatTotal: 15920,
  netAmount: 63680,
  total: 79600,
  lines: [item('1', 'Sokker', 3), item('2', 'Lue', 1)],
  date: '2026-11-20T10:00:00.000Z',
  status: 'paid',
  withdrawal: {
    receivedDay: '2026-11-26',
    lastDay: '2026-12-10',
    withdrawnAt: null,
    lines: [
      { line: 0, item: item('1', 'Sokker', 3), withdrawn: 0, withdrawable: 3 },
      { line: 1, item: item('2', 'Lue', 1), withdrawn: 0, withdrawable: 1 },
    ],
    withdrawals: [],
  },
};
const receipt: Withdrawal = {
  orderId: 7,
  withdrawnAt: '2026-11-27T10:00:00.000Z',
  email: 'kari@example.no',
  lines: [
    { line: 0, count: 3 },
    { line: 1, count: 1 },
  ],
  refund: 44900,
  shipping: 4900,
};
const partReceipt: Withdrawal = {
  ...receipt,
  lines: [{ line: 0, count: 2 }],
  refund: 20000,
  shipping: 0,
};

beforeEach(() => {
  // Within the order's period, whatever day the tests run.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
  api.withdrawalOrder.mockReset();
  api.withdrawOrder.mockReset();
  closeWithdrawal();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('startWithdrawal', () => {
  it('asks to confirm an order at hand without loading it, everything left chosen', async () => {
    await startWithdrawal(7, null, order);
    expect($withdrawal.get()).toMatchObject({
      step: 'confirm',
      orderId: 7,
      order,
      choice: { 0: 3, 1: 1 },
    });
    expect(api.withdrawalOrder).not.toHaveBeenCalled();
  });

  it('loads the order of a link by its token', async () => {
    api.withdrawalOrder.mockResolvedValue(order);
    const started = startWithdrawal(7, { token: 'tok' });
    expect($withdrawal.get().step).toBe('loading');
    await started;
    expect(api.withdrawalOrder).toHaveBeenCalledWith(7, { token: 'tok' });
    expect($withdrawal.get()).toMatchObject({ step: 'confirm', access: { token: 'tok' }, order });
  });

  it('loads the order of the withdrawal form by its e-mail address, and withdraws by it', async () => {
    api.withdrawalOrder.mockResolvedValue(order);
    api.withdrawOrder.mockResolvedValue(receipt);
    await startWithdrawal(7, { email: 'kari@example.no' });
    expect(api.withdrawalOrder).toHaveBeenCalledWith(7, { email: 'kari@example.no' });
    expect((await confirmWithdrawal())?.withdrawal).toEqual(receipt);
    expect(api.withdrawOrder).toHaveBeenCalledWith(
      7,
      { email: 'kari@example.no' },
      null,
      expect.any(String),
    );
  });

  it('says so when the order number and address do not belong together', async () => {
    const message =
      'Vi fant ingen ordre med dette ordrenummeret og denne e-postadressen. Sjekk ordrebekreftelsen.';
    api.withdrawalOrder.mockRejectedValue(new ApiRequestError(404, message));
    await startWithdrawal(7, { email: 'ola@example.no' });
    expect($withdrawal.get()).toMatchObject({ step: 'error', message, retry: false });
  });

  it('says why instead of asking when the loaded order is withdrawn already', async () => {
    api.withdrawalOrder.mockResolvedValue({ ...order, status: 'withdrawn' });
    await startWithdrawal(7, { token: 'tok' });
    expect($withdrawal.get()).toMatchObject({
      step: 'error',
      message: 'Ordre 7 er allerede angret.',
      retry: false,
    });
  });

  it('says so when the link is not the order’s', async () => {
    const message = 'Vi fant ikke ordren. Sjekk lenken i ordrebekreftelsen.';
    api.withdrawalOrder.mockRejectedValue(new ApiRequestError(404, message));
    await startWithdrawal(7, { token: 'wrong' });
    expect($withdrawal.get()).toMatchObject({ step: 'error', message, retry: false });
  });
});

describe('confirmWithdrawal', () => {
  it('withdraws everything left by asking for all of it, and shows the order withdrawn', async () => {
    api.withdrawOrder.mockResolvedValue(receipt);
    await startWithdrawal(7, { token: 'tok' }, order);
    const done = await confirmWithdrawal();
    expect(done).toEqual({
      withdrawal: receipt,
      order: expect.objectContaining({ id: 7, status: 'withdrawn' }),
      units: [
        { item: item('1', 'Sokker', 3), count: 3 },
        { item: item('2', 'Lue', 1), count: 1 },
      ],
    });
    expect(api.withdrawOrder).toHaveBeenCalledWith(7, { token: 'tok' }, null, expect.any(String));
    expect($withdrawal.get()).toMatchObject({
      step: 'done',
      receipt: done,
      order: { id: 7, status: 'withdrawn' },
    });
    // A second confirmation once done sends nothing.
    expect(await confirmWithdrawal()).toBeNull();
    expect(api.withdrawOrder).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal after the period as the backend words it', async () => {
    const message = 'Angrefristen for denne ordren gikk ut 12. november 2026.';
    api.withdrawOrder.mockRejectedValue(new ApiRequestError(422, message));
    await startWithdrawal(7, null, order);
    expect(await confirmWithdrawal()).toBeNull();
    expect($withdrawal.get()).toMatchObject({ step: 'error', message, retry: false, order });
  });

  it('offers a retry when no answer came, and the retry can succeed', async () => {
    api.withdrawOrder.mockRejectedValueOnce(new ApiRequestError(0, 'offline'));
    api.withdrawOrder.mockResolvedValueOnce(receipt);
    await startWithdrawal(7, null, order);
    await confirmWithdrawal();
    expect($withdrawal.get()).toMatchObject({ step: 'error', retry: true });
    expect((await confirmWithdrawal())?.withdrawal).toEqual(receipt);
    expect($withdrawal.get().step).toBe('done');
    // The retry carries the first attempt's key, so the backend records it once.
    const [first, second] = api.withdrawOrder.mock.calls.map((call) => call[3]);
    expect(second).toBe(first);
  });

  it('withdraws only the units chosen, and the order keeps the rest', async () => {
    api.withdrawOrder.mockResolvedValue(partReceipt);
    await startWithdrawal(7, null, order);
    chooseUnits(1, 0);
    chooseUnits(0, 2);
    expect($withdrawal.get().choice).toEqual({ 0: 2, 1: 0 });
    const done = await confirmWithdrawal();
    expect(api.withdrawOrder).toHaveBeenCalledWith(
      7,
      null,
      [{ line: 0, count: 2 }],
      expect.any(String),
    );
    expect(done).toMatchObject({
      order: { status: 'paid' },
      units: [{ item: item('1', 'Sokker', 3), count: 2 }],
    });
    expect($withdrawal.get().order).toMatchObject({
      status: 'paid',
      withdrawal: { lines: [{ withdrawable: 1 }, { withdrawable: 1 }] },
    });
  });

  it('chooses no more than a line has left, and nothing of a line it does not have', async () => {
    await startWithdrawal(7, null, order);
    chooseUnits(0, 9);
    chooseUnits(5, 1);
    expect($withdrawal.get().choice).toEqual({ 0: 3, 1: 1 });
  });

  it('sends nothing with nothing chosen, and says what to do', async () => {
    await startWithdrawal(7, null, order);
    chooseUnits(0, 0);
    chooseUnits(1, 0);
    expect(await confirmWithdrawal()).toBeNull();
    expect(api.withdrawOrder).not.toHaveBeenCalled();
    expect($withdrawal.get()).toMatchObject({
      step: 'confirm',
      choiceError: 'Velg minst én vare du vil angre.',
    });
    chooseUnits(1, 1);
    expect($withdrawal.get().choiceError).toBe('');
  });

  it('sends another choice after a failed attempt under a key of its own', async () => {
    api.withdrawOrder.mockRejectedValueOnce(new ApiRequestError(0, 'offline'));
    api.withdrawOrder.mockResolvedValueOnce(partReceipt);
    await startWithdrawal(7, null, order);
    await confirmWithdrawal();
    chooseUnits(1, 0);
    chooseUnits(0, 2);
    await confirmWithdrawal();
    const [first, second] = api.withdrawOrder.mock.calls.map((call) => call[3]);
    expect(second).not.toBe(first);
  });
});
