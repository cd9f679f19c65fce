import { getCollection } from 'astro:content';
import type { Poll } from '../types.ts';

/** A poll as the poll pages read it. */
export interface PollEntry extends Poll {
  /** Whether it is the running poll, the one `/avstemning` shows. */
  active: boolean;
}

/** The polls the build knows (the `polls` collection): none on a brand without polls. */
export async function builtPolls(): Promise<PollEntry[]> {
  return (await getCollection('polls')).map((e) => e.data);
}
