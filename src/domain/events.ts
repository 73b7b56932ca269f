import type { OutcomeStatus } from './statuses.js';

/** The v2 job event names of the interface's event table; an endpoint may subscribe to these only. */
export const JOB_EVENT_NAMES = [
  'job.finished',
  'job.completed',
  'job.action_required',
  'review.required',
  'input.rescan_required',
  'job.failed',
  'job.reviewed',
] as const;
export type JobEventName = (typeof JOB_EVENT_NAMES)[number];

/** The dashboard webhook's one event, for documents uploaded through /v1. */
export const DASHBOARD_EVENT = 'document.processed' as const;

/** What a machine finish sends besides job.finished, by the reading's outcome status. */
export const EVENTS_BY_FINISH: Record<Exclude<OutcomeStatus, 'pending'>, JobEventName[]> = {
  verified: [],
  action_required: ['job.action_required', 'review.required'],
  rescan_required: ['input.rescan_required'],
  failed: ['job.failed'],
};

/** `data.code` of review.required: a person must check fields (the spec's value). */
export const REVIEW_FIELDS_CODE = 'REVIEW_FIELDS';
/** `data.code` of review.required when documents of one job contradict each other. */
export const CROSS_CHECK_CODE = 'CROSS_CHECK_MISMATCH';

/** Job statuses and decisions (the interface leaves them open; README "Jobs" explains them). */
export const JOB_STATUSES = ['open', 'processing', 'action_required', 'completed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_DECISIONS = ['pending', 'verified', 'review', 'rescan', 'failed'] as const;
export type JobDecision = (typeof JOB_DECISIONS)[number];

/** Delivery states: pending until a 2xx, dead after the last scheduled attempt failed. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
