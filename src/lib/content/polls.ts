import { getCollection } from 'astro:content';
import type { PollEntry } from '../../content/loaders/polls.ts';

/** The polls the build knows (the `polls` collection): none on a brand without polls. */
export async function builtPolls(): Promise<PollEntry[]> {
  return (await getCollection('polls')).map((e) => e.data);
}
