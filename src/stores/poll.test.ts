import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, NO_RESPONSE } from '../lib/api/client.ts';
import * as api from '../lib/api/poll.ts';
import { readXsrfToken } from '../lib/api/xsrf.ts';
import type { Poll, PollAnswer } from '../lib/types.ts';
import {
  $poll,
  $pollLookup,
  answerPollQuestion,
  lookUpPoll,
  questionState,
  showPoll,
} from './poll.ts';

vi.mock('../lib/api/poll.ts', () => ({
  answerQuestion: vi.fn(),
  getPoll: vi.fn(),
  getPollAnswers: vi.fn(),
  getPollScore: vi.fn(),
  getQuestionScore: vi.fn(),
}));
vi.mock('../lib/api/xsrf.ts', () => ({ readXsrfToken: vi.fn() }));

const poll: Poll = {
  id: 1,
  name: 'Friluftsquiz',
  description: '',
  bannerDesktop: null,
  bannerMobile: null,
  questions: [
    {
      id: 10,
      question: 'Høyeste fjell?',
      options: [
        { id: 100, text: 'Snøhetta' },
        { id: 101, text: 'Galdhøpiggen' },
      ],
    },
    { id: 11, question: 'Innerst?', options: [{ id: 110, text: 'Ull' }] },
  ],
};
const right: PollAnswer = { questionId: 10, optionId: 101, correct: true };
const score10 = {
  questionId: 10,
  options: [
    { optionId: 100, count: 1 },
    { optionId: 101, count: 3 },
  ],
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.mocked(readXsrfToken).mockReturnValue('token');
  vi.mocked(api.getPollAnswers).mockResolvedValue([]);
  vi.mocked(api.getPollScore).mockResolvedValue({ pollId: 1, answers: 1, correctShare: 1 });
  vi.mocked(api.getQuestionScore).mockResolvedValue(score10);
});
afterEach(() => {
  vi.resetAllMocks();
  vi.restoreAllMocks();
});

describe('showPoll', () => {
  it('shows earlier answers of this session answered, with their scores', async () => {
    vi.mocked(api.getPollAnswers).mockResolvedValue([
      right,
      { questionId: 99, optionId: 1, correct: false },
    ]);
    await showPoll(poll);
    const state = $poll.get();
    expect(state.status).toBe('ready');
    expect(questionState(state, 10)).toEqual({
      status: 'answered',
      answer: right,
      score: score10,
      error: null,
    });
    expect(questionState(state, 11).status).toBe('open');
    // A question of another poll is not this poll's business.
    expect(state.questions[99]).toBeUndefined();
    expect(state.score).toEqual({ pollId: 1, answers: 1, correctShare: 1 });
    expect(api.getQuestionScore).toHaveBeenCalledTimes(1);
  });

  it('asks nothing without an API session', async () => {
    vi.mocked(readXsrfToken).mockReturnValue(null);
    await showPoll(poll);
    expect(api.getPollAnswers).not.toHaveBeenCalled();
    expect(api.getPollScore).not.toHaveBeenCalled();
    expect($poll.get()).toMatchObject({ status: 'ready', questions: {}, score: null });
  });

  it('leaves the questions open when the answers cannot be read', async () => {
    vi.mocked(api.getPollAnswers).mockRejectedValue(new ApiRequestError(500, 'x'));
    await showPoll(poll);
    expect($poll.get()).toMatchObject({ status: 'ready', questions: {} });
  });
});

describe('answerPollQuestion', () => {
  beforeEach(async () => {
    await showPoll(poll);
  });

  it('stores the answer, announces the verdict and reads the scores again', async () => {
    vi.mocked(api.answerQuestion).mockResolvedValue({ answer: right, isNew: true });
    const sent = answerPollQuestion(10, 101);
    expect(questionState($poll.get(), 10).status).toBe('sending');
    await sent;
    expect(api.answerQuestion).toHaveBeenCalledWith(10, 101);
    const state = $poll.get();
    expect(questionState(state, 10)).toEqual({
      status: 'answered',
      answer: right,
      score: score10,
      error: null,
    });
    expect(state.announcement).toBe(
      'Svaret ditt er lagret. Du svarte «Galdhøpiggen». Riktig svar!',
    );
    expect(state.score).toEqual({ pollId: 1, answers: 1, correctShare: 1 });
  });

  it('shows the answer given before (409) instead of the one sent', async () => {
    vi.mocked(api.answerQuestion).mockResolvedValue({
      answer: { questionId: 10, optionId: 100, correct: false },
      isNew: false,
    });
    await answerPollQuestion(10, 101);
    const state = $poll.get();
    expect(questionState(state, 10).answer?.optionId).toBe(100);
    expect(state.announcement).toBe(
      'Du har allerede svart på dette spørsmålet. Du svarte «Snøhetta». Feil svar.',
    );
  });

  it.each([
    [422, 'Svaret passer ikke til spørsmålet. Last siden på nytt og prøv igjen.'],
    [429, 'Du har sendt mange svar på kort tid. Vent litt og prøv igjen.'],
    [NO_RESPONSE, 'Vi kunne ikke lagre svaret ditt akkurat nå. Prøv igjen om litt.'],
    [500, 'Vi kunne ikke lagre svaret ditt akkurat nå. Prøv igjen om litt.'],
  ])('leaves the question open with a Norwegian message on %i', async (status, message) => {
    vi.mocked(api.answerQuestion).mockRejectedValue(new ApiRequestError(status, 'x'));
    await answerPollQuestion(10, 101);
    expect(questionState($poll.get(), 10)).toEqual({
      status: 'open',
      answer: null,
      score: null,
      error: message,
    });
    expect(api.getQuestionScore).not.toHaveBeenCalled();
  });

  it('keeps the answer when its scores cannot be read, and says so', async () => {
    vi.mocked(api.answerQuestion).mockResolvedValue({ answer: right, isNew: true });
    vi.mocked(api.getQuestionScore).mockRejectedValue(new ApiRequestError(NO_RESPONSE, 'x'));
    await answerPollQuestion(10, 101);
    expect(questionState($poll.get(), 10)).toMatchObject({
      status: 'answered',
      answer: right,
      score: null,
      error: 'Resultatene kunne ikke hentes akkurat nå.',
    });
  });

  it('asks to choose an option first, and sends nothing', async () => {
    await answerPollQuestion(10, null);
    expect(questionState($poll.get(), 10)).toMatchObject({
      status: 'open',
      error: 'Velg et svar før du sender.',
    });
    expect(api.answerQuestion).not.toHaveBeenCalled();
  });

  it('sends nothing for an answered question, one of another poll, or while loading', async () => {
    vi.mocked(api.answerQuestion).mockResolvedValue({ answer: right, isNew: true });
    await answerPollQuestion(10, 101);
    await answerPollQuestion(10, 100);
    await answerPollQuestion(99, 1);
    expect(api.answerQuestion).toHaveBeenCalledTimes(1);
    vi.mocked(api.getPollAnswers).mockReturnValue(new Promise(() => undefined));
    void showPoll(poll);
    await answerPollQuestion(11, 110);
    expect(api.answerQuestion).toHaveBeenCalledTimes(1);
  });
});

describe('lookUpPoll', () => {
  it('finds a poll by id and shows it', async () => {
    vi.mocked(api.getPoll).mockResolvedValue(poll);
    await lookUpPoll(1);
    expect($pollLookup.get()).toEqual({ state: 'found', poll });
    expect($poll.get().poll).toBe(poll);
  });

  it('is missing without an id or on 404, and an error on other failures', async () => {
    await lookUpPoll(null);
    expect($pollLookup.get()).toEqual({ state: 'missing' });
    expect(api.getPoll).not.toHaveBeenCalled();
    vi.mocked(api.getPoll).mockResolvedValue(null);
    await lookUpPoll(5);
    expect($pollLookup.get()).toEqual({ state: 'missing' });
    vi.mocked(api.getPoll).mockRejectedValue(new ApiRequestError(NO_RESPONSE, 'x'));
    await lookUpPoll(5);
    expect($pollLookup.get()).toEqual({ state: 'error' });
  });
});
