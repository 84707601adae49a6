/**
 * How a bulk action's lead ids are shared among its lanes (migration 0057). The ids are cut into batches of the job's
 * size, in order; lane k takes batches k, k + lanes, k + 2 × lanes, … so that every batch belongs to exactly one lane
 * and the lanes finish together. A lane's place is the position in the ids where its next batch starts.
 */

/** Where each lane starts: lane k at its first batch, k × size. */
export function laneStarts(lanes: number, size: number): number[] {
  return Array.from({ length: lanes }, (_, lane) => lane * size);
}

/** The lane's batch at a position (empty once the lane is past the end). */
export function laneBatch<T>(ids: readonly T[], position: number, size: number): T[] {
  return ids.slice(position, position + size);
}

/** Where the lane's next batch starts after the one at position: the batches of the other lanes are skipped. */
export function nextLanePosition(position: number, lanes: number, size: number): number {
  return position + lanes * size;
}
