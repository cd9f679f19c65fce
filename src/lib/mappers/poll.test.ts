import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ApiPoll,
  ApiPollAnswer,
  ApiPollScore,
  ApiQuestionScore,
} from '../../../contract/index.ts';
import { resetSkipped, skippedCounts } from './common.ts';
import { toPoll, toPollAnswer, toPollScore, toQuestionScore } from './poll.ts';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  resetSkipped();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const wirePoll = (fields: Record<string, unknown> = {}): ApiPoll =>
  ({
    id: 1,
    name: 'Quiz',
    description: 'Svar',
    bannerDesktop: '/d.svg',
    bannerMobile: '/m.svg',
    questions: [
      {
        id: 1,
        question: 'Hva?',
        options: [{ id: 10, text: 'Ja' }, { id: 11 }, { id: 12, text: 'Nei', correct: true }],
      },
      { id: 2, options: [{ id: 20, text: 'Ja' }] },
      { id: 3, question: 'Uten svar', options: [] },
      { id: 4, question: 'Ikke en liste', options: 'Ja' },
    ],
    ...fields,
  }) as unknown as ApiPoll;

describe('toPoll', () => {
  it('keeps questions with options, and options with id and text only', () => {
    const poll = toPoll(wirePoll());
    expect(poll).toEqual({
      id: 1,
      name: 'Quiz',
      description: 'Svar',
      bannerDesktop: '/d.svg',
      bannerMobile: '/m.svg',
      questions: [
        {
          id: 1,
          question: 'Hva?',
          options: [
            { id: 10, text: 'Ja' },
            { id: 12, text: 'Nei' },
          ],
        },
      ],
    });
    expect(skippedCounts()).toEqual({ 'poll question': 3 });
  });

  it('needs an id and a name', () => {
    expect(toPoll(wirePoll({ name: undefined }))).toBeNull();
    expect(toPoll(wirePoll({ id: '1' }))).toBeNull();
    expect(toPoll(null as unknown as ApiPoll)).toBeNull();
    expect(skippedCounts()).toEqual({ poll: 3 });
  });

  it.each([
    ['javascript:alert(1)'],
    ['//evil.example/banner.png'],
    ['https://evil.example/banner.png'],
    ['data:image/svg+xml,<svg/>'],
    [42],
  ])('drops the banner %s', (banner) => {
    const poll = toPoll(wirePoll({ bannerDesktop: banner, bannerMobile: banner }));
    expect(poll?.bannerDesktop).toBeNull();
    expect(poll?.bannerMobile).toBeNull();
  });

  it('takes a missing description and question list as empty', () => {
    expect(toPoll(wirePoll({ description: null, questions: null }))).toMatchObject({
      description: '',
      questions: [],
    });
  });
});

describe('toPollAnswer', () => {
  it('keeps correct as true, false or null (an opinion question)', () => {
    for (const correct of [true, false, null]) {
      expect(toPollAnswer({ questionId: 1, optionId: 2, correct })).toEqual({
        questionId: 1,
        optionId: 2,
        correct,
      });
    }
    expect(
      toPollAnswer({ questionId: 1, optionId: 2, correct: 1 } as unknown as ApiPollAnswer)?.correct,
    ).toBeNull();
  });

  it('needs the question and option ids', () => {
    expect(toPollAnswer({ questionId: 1 } as ApiPollAnswer)).toBeNull();
  });
});

describe('toQuestionScore', () => {
  it('keeps the options with an id and a count', () => {
    const wire = {
      questionId: 3,
      options: [{ optionId: 1, count: 4 }, { optionId: 2 }, { optionId: 3, count: 0 }],
    } as ApiQuestionScore;
    expect(toQuestionScore(wire)).toEqual({
      questionId: 3,
      options: [
        { optionId: 1, count: 4 },
        { optionId: 3, count: 0 },
      ],
    });
    expect(toQuestionScore({ options: [] } as unknown as ApiQuestionScore)).toBeNull();
  });
});

describe('toPollScore', () => {
  it('keeps a share between 0 and 1, else null', () => {
    expect(toPollScore({ pollId: 1, answers: 2, correctShare: 0.5 })).toEqual({
      pollId: 1,
      answers: 2,
      correctShare: 0.5,
    });
    expect(toPollScore({ pollId: 1, answers: 0, correctShare: null })?.correctShare).toBeNull();
    expect(toPollScore({ pollId: 1, answers: 2, correctShare: 7 })?.correctShare).toBeNull();
    expect(toPollScore({ pollId: 1 } as ApiPollScore)).toBeNull();
  });
});
