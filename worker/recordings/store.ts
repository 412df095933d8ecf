/**
 * Recordings: the finished rows of `uploads`, and the jobs that use one (`jobs.upload_id`) and
 * share its R2 object. Their SQL lives in those two tables' stores; a job keeps its result when its
 * recording is deleted, its `r2_key` cleared in the same transaction (`delete-recording.ts`).
 */

/** The recordings list answers the newest 100; older ones stay in the account's data download. */
export const LISTED_RECORDINGS = 100;
