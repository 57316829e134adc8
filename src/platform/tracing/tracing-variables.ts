import { text, url, type ConfigVariable } from '../config-variable-kinds.js';

/** What `OTEL_TRACES_EXPORTER` may name: `none` loads no tracing code at all. */
export const TRACE_EXPORTERS = ['none', 'otlp', 'console'] as const;

/** The standard OpenTelemetry settings the gateway reads (docs/operations/tracing.md). */
export const TRACING_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'OTEL_TRACES_EXPORTER',
    topic: 'observability',
    value: { kind: 'choice', default: 'none', allowed: TRACE_EXPORTERS },
    unset: '`otlp` when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set, else `none`',
    description:
      'OpenTelemetry traces: `otlp` sends spans over OTLP/HTTP, `console` prints them, `none` loads no tracing code at all ([docs/operations/tracing.md](docs/operations/tracing.md))',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    topic: 'observability',
    value: url('http:', 'https:'),
    unset: '`http://localhost:4318` when the exporter is `otlp`',
    description: 'base URL of the OTLP/HTTP collector; traces go to `<endpoint>/v1/traces`. Setting it turns tracing on',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    topic: 'observability',
    value: url('http:', 'https:'),
    unset: '`OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`',
    description: 'full URL traces are posted to, taken as given; setting it turns tracing on',
  },
  {
    name: 'OTEL_SERVICE_NAME',
    topic: 'observability',
    value: text('flightagg'),
    description: '`service.name` of every span this process exports',
  },
];
