import { describe, expect, it } from 'vitest';
import { failureInWords } from './failure-reason.ts';

describe('failureInWords', () => {
  it('says in Norwegian why a build failed', () => {
    expect(
      failureInWords('Build of brand "toppfart" failed (exit 1):\nENOSPC: no space left'),
    ).toBe('Disken er full, så den nye utgaven fikk ikke plass.');
    expect(failureInWords('fetch failed: connect ECONNREFUSED 127.0.0.1:9')).toContain(
      'API-et svarte ikke',
    );
    expect(failureInWords('Røyktest: forsiden / svarte 500')).toContain('(forsiden / svarte 500)');
    expect(failureInWords('Build of brand "toppfart" failed (SIGKILL):\n')).toBe(
      'Bygget ble avbrutt før det var ferdig.',
    );
    expect(failureInWords('GET http://127.0.0.1:1/api/v1/articles: not the contract')).toBe(
      'API-et svarte noe bygget ikke kunne bruke.',
    );
    expect(failureInWords(null)).toContain('utgaven som var live, er beholdt');
  });
});
