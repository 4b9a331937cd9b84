/**
 * What a room object checks when it starts: the state it stored about sockets may name sockets that died with
 * the workerd process that held them. Hibernated sockets survive an object's eviction (its home object still
 * finds them with `getWebSockets(id)`); a restarted process (a crash, a deploy) closes them all, and then no
 * close event ever comes to drop them. So the members and reports read from storage are checked once per
 * object instance against the objects that hold the sockets.
 */
import type { DurableRooms } from './durable-rooms';
import { directoryName, objectName, type ObjectReport, type RemoteMember } from './room-protocol';

/** How many objects a check asks at once. */
const parallel = 16;

/** Runs `task` on every item, `parallel` at a time. */
async function eachLimited<T>(items: T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/**
 * The ids of stored remote members whose home object no longer holds their socket (asked once per home, ids
 * batched). A home that cannot answer keeps its members: they are dropped later by a broadcast that finds them gone.
 */
export async function deadMembers(rooms: DurableRooms<unknown>, room: string, members: RemoteMember[]): Promise<string[]> {
  const byHome = new Map<string, string[]>();
  for (const member of members) byHome.set(member.home, [...(byHome.get(member.home) ?? []), member.id]);
  const dead: string[] = [];
  await eachLimited([...byHome], async ([home, ids]) => {
    try {
      const held = new Set(await rooms.call<string[]>(objectName(home), home, { op: 'holds', ids }));
      for (const id of ids) if (!held.has(id)) dead.push(id);
    } catch (error) {
      console.error(`fw/worker: room ${room} could not check its members held by room ${home}`, error);
    }
  });
  return dead;
}

/**
 * Directory side: asks every room with a stored report to report again (through its own reporting, so reports of
 * one room never cross), so counts of sockets that died with a restarted process are replaced. A room that cannot
 * answer keeps its last report.
 */
export async function refreshReports(rooms: DurableRooms<unknown>, reports: ObjectReport[]): Promise<void> {
  await eachLimited(reports, async (report) => {
    try {
      await rooms.call(objectName(report.room), report.room, { op: 'recount' });
    } catch (error) {
      console.error(`fw/worker: the ${directoryName} object could not refresh the counts of room ${report.room}`, error);
    }
  });
}
