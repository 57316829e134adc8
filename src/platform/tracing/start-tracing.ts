import { context, propagation, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { TracingConfig } from '../config.js';
import { releaseVersion } from '../build-id.js';
import { useTracer } from './tracer.js';

/** What createPlatform keeps of tracing: flushes and stops it at shutdown. */
export interface Tracing {
  readonly enabled: boolean;
  close(): Promise<void>;
}

const OFF: Tracing = { enabled: false, close: async () => {} };

export interface TracingOptions {
  /** Spans go here, one at a time as each ends, whatever the config says (tests: InMemorySpanExporter). */
  exporter?: SpanExporter;
}

/**
 * Starts OpenTelemetry when the config asks for it (OTEL_TRACES_EXPORTER, or an OTLP endpoint) or
 * a test hands an exporter: a tracer provider with this service's resource, the W3C trace-context
 * propagator and an AsyncLocalStorage context manager, registered process-wide. Off, nothing of the
 * SDK is imported (each package is loaded here, on demand) and tracer.ts stays a pass-through.
 */
export async function startTracing(config: TracingConfig, options: TracingOptions = {}): Promise<Tracing> {
  if (config.exporter === 'none' && !options.exporter) return OFF;
  const [sdk, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, resources, semconv] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  let processor;
  if (options.exporter) processor = new sdk.SimpleSpanProcessor(options.exporter);
  else if (config.exporter === 'console') processor = new sdk.BatchSpanProcessor(new sdk.ConsoleSpanExporter());
  else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    // Batched: spans leave in the background, at most every 5 s or 512 at a time (the SDK's defaults).
    processor = new sdk.BatchSpanProcessor(new OTLPTraceExporter({ url: config.otlpTracesUrl ?? undefined }));
  }
  const provider = new sdk.BasicTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES (e.g. deployment.environment), then this service's name and release.
    resource: resources.detectResources({ detectors: [resources.envDetector] }).merge(
      resources.resourceFromAttributes({
        [semconv.ATTR_SERVICE_NAME]: config.serviceName,
        [semconv.ATTR_SERVICE_VERSION]: releaseVersion(),
      }),
    ),
    spanProcessors: [processor],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  useTracer(provider.getTracer('flightagg', releaseVersion()));
  return {
    enabled: true,
    async close() {
      useTracer(null);
      // Spans still batched are sent before the process goes (a shutdown flushes).
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
