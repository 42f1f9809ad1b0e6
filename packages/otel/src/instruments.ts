import type { Histogram, Meter } from '@opentelemetry/api';
import {
  DURATION_BUCKETS,
  METRIC_CLIENT_OPERATION_DURATION,
  METRIC_CLIENT_SESSION_DURATION,
  METRIC_SERVER_OPERATION_DURATION,
  METRIC_SERVER_SESSION_DURATION,
} from './names.js';

/** The four histograms of the MCP conventions, in seconds. */
export interface Instruments {
  readonly clientOperation: Histogram;
  readonly serverOperation: Histogram;
  readonly clientSession: Histogram;
  readonly serverSession: Histogram;
  /** False for the API's no-op meter (no SDK registered), whose histograms drop every point. */
  readonly recording: boolean;
}

function histogram(meter: Meter, name: string, description: string): Histogram {
  return meter.createHistogram(name, {
    description,
    unit: 's',
    advice: { explicitBucketBoundaries: [...DURATION_BUCKETS] },
  });
}

/** Creates the histograms on `meter`, with the conventions' names, units, descriptions and buckets. */
export function createInstruments(meter: Meter): Instruments {
  const instruments = {
    clientOperation: histogram(
      meter,
      METRIC_CLIENT_OPERATION_DURATION,
      'The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.',
    ),
    serverOperation: histogram(
      meter,
      METRIC_SERVER_OPERATION_DURATION,
      'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
    ),
    clientSession: histogram(
      meter,
      METRIC_CLIENT_SESSION_DURATION,
      'The duration of the MCP session as observed on the MCP client.',
    ),
    serverSession: histogram(
      meter,
      METRIC_SERVER_SESSION_DURATION,
      'The duration of the MCP session as observed on the MCP server.',
    ),
  };
  // The no-op meter hands out one shared histogram whatever the name; an SDK, one per instrument.
  return { ...instruments, recording: instruments.clientOperation !== instruments.serverOperation };
}
