import { beforeEach, describe, expect, it } from 'vitest';
import { $alerts, addAlert, currentAlert, removeAlert } from './alerts.ts';

describe('$alerts', () => {
  beforeEach(() => $alerts.set([]));

  it('uses the spec default titles and shows one at a time, oldest first', () => {
    const first = addAlert('error', 'Kunne ikke laste varen');
    addAlert('success', 'Lagt i handlekurven');
    expect($alerts.get().map((a) => a.title)).toEqual(['Noe gikk galt', 'Suksess']);
    expect(currentAlert($alerts.get())?.uid).toBe(first);
    removeAlert(first);
    expect(currentAlert($alerts.get())?.message).toBe('Lagt i handlekurven');
  });

  it('keeps errors until closed and times out the others', () => {
    addAlert('error', 'a');
    addAlert('warning', 'b');
    addAlert('info', 'c', { title: 'Egen tittel', timeout: 3000 });
    expect($alerts.get().map((a) => [a.title, a.timeout])).toEqual([
      ['Noe gikk galt', 0],
      ['Obs!', 8000],
      ['Egen tittel', 3000],
    ]);
  });

  it('ignores removal of an unknown uid', () => {
    addAlert('info', 'x');
    removeAlert(-1);
    expect($alerts.get()).toHaveLength(1);
  });
});
