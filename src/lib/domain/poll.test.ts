import { describe, expect, it } from 'vitest';
import type { PollQuestion } from '../types.ts';
import {
  answerErrorMessage,
  answersInTotal,
  answerVerdict,
  optionShares,
  pollIdFromPath,
  pollPath,
  pollScoreText,
} from './poll.ts';

const question: PollQuestion = {
  id: 1,
  question: 'Hva?',
  options: [
    { id: 10, text: 'Ja' },
    { id: 11, text: 'Nei' },
    { id: 12, text: 'Vet ikke' },
  ],
};

describe('poll paths', () => {
  it('reads the id of a poll page and nothing else', () => {
    expect(pollIdFromPath(pollPath(12))).toBe(12);
    expect(pollIdFromPath('/avstemning/3/')).toBe(3);
    for (const path of [
      '/avstemning',
      '/avstemning/',
      '/avstemning/_',
      '/avstemning/0',
      '/avstemning/012',
      '/avstemning/1e3',
      '/avstemning/12345678901',
      '/avstemning/1/2',
      '/blogg/1',
    ]) {
      expect(pollIdFromPath(path), path).toBeNull();
    }
  });
});

describe('answerVerdict', () => {
  it('says right or wrong only where the question has a right answer', () => {
    expect(answerVerdict({ questionId: 1, optionId: 10, correct: true })).toBe('Riktig svar!');
    expect(answerVerdict({ questionId: 1, optionId: 10, correct: false })).toBe('Feil svar.');
    expect(answerVerdict({ questionId: 1, optionId: 10, correct: null })).toBeNull();
  });
});

describe('optionShares', () => {
  it('gives every option in order with its count and share', () => {
    const shares = optionShares(question, {
      questionId: 1,
      options: [
        { optionId: 11, count: 3 },
        { optionId: 10, count: 1 },
        { optionId: 99, count: 50 },
      ],
    });
    expect(shares).toEqual([
      { optionId: 10, text: 'Ja', count: 1, share: 0.25 },
      { optionId: 11, text: 'Nei', count: 3, share: 0.75 },
      { optionId: 12, text: 'Vet ikke', count: 0, share: 0 },
    ]);
    expect(answersInTotal(shares)).toBe(4);
  });

  it('gives shares of 0 when nobody has answered', () => {
    const shares = optionShares(question, { questionId: 1, options: [] });
    expect(shares.map((s) => s.share)).toEqual([0, 0, 0]);
    expect(answersInTotal(shares)).toBe(0);
  });
});

describe('pollScoreText', () => {
  it('says how many were answered, and the share right where there is one', () => {
    expect(pollScoreText({ pollId: 1, answers: 2, correctShare: 0.5 }, 4)).toBe(
      'Du har svart på 2 av 4 spørsmål. 50\u00a0% av svarene dine er riktige.',
    );
    expect(pollScoreText({ pollId: 1, answers: 1, correctShare: null }, 3)).toBe(
      'Du har svart på 1 av 3 spørsmål.',
    );
  });
});

describe('answerErrorMessage', () => {
  it('has a Norwegian message for every status', () => {
    const messages = [0, 404, 419, 422, 429, 500, 503].map(answerErrorMessage);
    expect(new Set(messages).size).toBe(5);
    expect(answerErrorMessage(503)).toBe(answerErrorMessage(0));
  });
});
