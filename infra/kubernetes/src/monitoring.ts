import type { IPrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';

/**
 * What Prometheus and Grafana need to watch the platform (ADR 0120): a ServiceMonitor per workload
 * that serves /metrics (the gateway on its metrics port, each service on its own port), the alert
 * rules and the dashboard, written from the registry's names. The Prometheus Operator's default job
 * label is the Service's name, so `job` is the workload (gateway, library, ...) in every query here.
 */

/** The gateway's metrics port (METRICS_PORT): never the public one the Ingress reaches. */
export const GATEWAY_METRICS_PORT = 9464;
/** Where Prometheus runs (kube-prometheus-stack's default); its pods alone may scrape. */
export const MONITORING = {
  namespace: 'monitoring',
  prometheusPods: { 'app.kubernetes.io/name': 'prometheus' },
} as const;
/**
 * Where the gateway and the services may send traces (ADR 0122): an OpenTelemetry collector's pods
 * in their namespace (patch `allow-trace-export` in an overlay when yours is elsewhere). Either
 * label the usual installs put on a collector's pods: the collector Helm chart's
 * `app.kubernetes.io/name` (the chart's name) or the OpenTelemetry Operator's
 * `app.kubernetes.io/component`. One port: the kit's exporter speaks OTLP/HTTP (protobuf) only, so
 * OTLP/gRPC's 4317 stays closed.
 */
export const TRACE_COLLECTOR = {
  namespace: 'observability',
  pods: [
    { 'app.kubernetes.io/name': 'opentelemetry-collector' },
    { 'app.kubernetes.io/component': 'opentelemetry-collector' },
  ],
  otlpHttpPort: 4318,
} as const;
/** The ConfigMap key the gateway and the services read the collector's address from; empty: no traces. */
export const TRACE_ENDPOINT_VARIABLE = 'OTEL_EXPORTER_OTLP_ENDPOINT';
/** The dashboard ConfigMap's label that Grafana's sidecar loads dashboards by. */
export const GRAFANA_DASHBOARD_LABEL = { grafana_dashboard: '1' } as const;
export const DASHBOARD_UID = 'campus-connect';

/** Alert thresholds. */
export const ERROR_RATIO_ALERT = 0.05;
export const OUTBOX_AGE_ALERT_MINUTES = 5;

export function serviceMonitor(
  name: string,
  labels: Record<string, string>,
  port: 'http' | 'metrics',
): IServiceMonitor {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'ServiceMonitor',
    metadata: { name, labels },
    spec: {
      selector: { matchLabels: { 'app.kubernetes.io/name': name } },
      endpoints: [{ port, path: '/metrics', interval: '30s', scrapeTimeout: '10s' }],
    },
  };
}

const jobsMatcher = (jobs: readonly string[]) => `job=~"${jobs.join('|')}"`;

/** The alerts: a workload answering errors, an outbox that does not drain, dead letters, a workload gone. */
export function prometheusRule(jobs: readonly string[], labels: Record<string, string>): IPrometheusRule {
  const all = jobsMatcher(jobs);
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'campus-connect', labels },
    spec: {
      groups: [
        {
          name: 'campus-connect',
          rules: [
            {
              alert: 'CampusHighErrorRatio',
              expr: `sum by (job) (rate(http_requests_total{${all},status=~"5.."}[5m])) / sum by (job) (rate(http_requests_total{${all}}[5m])) > ${ERROR_RATIO_ALERT}`,
              for: '10m',
              labels: { severity: 'critical' },
              annotations: {
                summary: '{{ $labels.job }} answers more than 5% of its requests with a server error',
                description:
                  '{{ $labels.job }}: {{ $value | humanizePercentage }} of requests answered 5xx over the last 5 minutes (a 5xx is a bug or an unreachable dependency). Its logs carry the request ids.',
              },
            },
            {
              alert: 'CampusOutboxStuck',
              expr: `max by (job) (outbox_oldest_event_age_seconds{${all}}) > ${OUTBOX_AGE_ALERT_MINUTES * 60}`,
              for: '5m',
              labels: { severity: 'critical' },
              annotations: {
                summary: `{{ $labels.job }} has not published an event for over ${OUTBOX_AGE_ALERT_MINUTES} minutes`,
                description:
                  "{{ $labels.job }}'s oldest unpublished outbox event is {{ $value | humanizeDuration }} old: the relay cannot reach RabbitMQ or keeps failing (outbox.last_error says why). Other services see its changes late until it drains.",
              },
            },
            {
              alert: 'CampusDeadLetters',
              expr: `sum by (job, event) (increase(events_dead_lettered_total{${all}}[15m])) > 0`,
              labels: { severity: 'warning' },
              annotations: {
                summary: '{{ $labels.job }} dead-lettered {{ $labels.event }} events',
                description:
                  '{{ $labels.job }} gave up on {{ $value }} {{ $labels.event }} event(s) in 15 minutes; they wait in its .dlq queue for a fix and a replay (docs/operations.md).',
              },
            },
            {
              alert: 'CampusServiceDown',
              expr: `up{${all}} == 0`,
              for: '2m',
              labels: { severity: 'critical' },
              annotations: {
                summary: '{{ $labels.job }} pod {{ $labels.pod }} does not answer its metrics scrape',
                description:
                  '{{ $labels.job }} ({{ $labels.instance }}) has not answered /metrics for 2 minutes: the process is down or stuck.',
              },
            },
            ...jobs.map((job) => ({
              alert: 'CampusServiceAbsent',
              expr: `absent(up{job="${job}"})`,
              for: '5m',
              labels: { severity: 'critical', job },
              annotations: {
                summary: `No ${job} pod is scraped`,
                description: `Prometheus has no ${job} target: every pod of it is gone, or its ServiceMonitor no longer matches.`,
              },
            })),
          ],
        },
      ],
    },
  };
}

interface Panel {
  title: string;
  unit: string;
  description: string;
  targets: Array<{ expr: string; legendFormat: string }>;
  /** Grid width (of 24). */
  w?: number;
}

/** The dashboard's queries; `$job` is its workload picker, `$__rate_interval` Grafana's rate window. */
export const DASHBOARD_PANELS: readonly Panel[] = [
  {
    title: 'Requests per second',
    unit: 'reqps',
    description: 'Requests answered, by workload.',
    targets: [
      {
        expr: 'sum by (job) (rate(http_requests_total{job=~"$job"}[$__rate_interval]))',
        legendFormat: '{{job}}',
      },
    ],
  },
  {
    title: 'Server errors (5xx ratio)',
    unit: 'percentunit',
    description: `Share of requests answered 5xx, by workload. Alert above ${ERROR_RATIO_ALERT * 100}% for 10 minutes.`,
    targets: [
      {
        expr: 'sum by (job) (rate(http_requests_total{job=~"$job",status=~"5.."}[$__rate_interval])) / sum by (job) (rate(http_requests_total{job=~"$job"}[$__rate_interval]))',
        legendFormat: '{{job}}',
      },
    ],
  },
  {
    title: 'Latency p95',
    unit: 's',
    description: 'The time 95% of requests finish within, by workload (event streams are not timed).',
    targets: [
      {
        expr: 'histogram_quantile(0.95, sum by (job, le) (rate(http_request_duration_seconds_bucket{job=~"$job"}[$__rate_interval])))',
        legendFormat: '{{job}}',
      },
    ],
  },
  {
    title: 'Slowest routes (p95)',
    unit: 's',
    description: 'The ten route templates with the highest p95.',
    targets: [
      {
        expr: 'topk(10, histogram_quantile(0.95, sum by (job, route, le) (rate(http_request_duration_seconds_bucket{job=~"$job"}[$__rate_interval]))))',
        legendFormat: '{{job}} {{route}}',
      },
    ],
  },
  {
    title: 'Outbox backlog',
    unit: 'short',
    description: 'Events written and not yet published to RabbitMQ, by service.',
    targets: [{ expr: 'sum by (job) (outbox_events_waiting{job=~"$job"})', legendFormat: '{{job}}' }],
  },
  {
    title: 'Outbox oldest event age',
    unit: 's',
    description: `Age of the oldest unpublished event, by service. Alert above ${OUTBOX_AGE_ALERT_MINUTES} minutes.`,
    targets: [
      { expr: 'max by (job) (outbox_oldest_event_age_seconds{job=~"$job"})', legendFormat: '{{job}}' },
    ],
  },
  {
    title: 'Events handled and retried',
    unit: 'ops',
    description:
      'Events handled per second, and failed deliveries that will be retried, by service and event.',
    targets: [
      {
        expr: 'sum by (job, event) (rate(events_handled_total{job=~"$job"}[$__rate_interval]))',
        legendFormat: '{{job}} {{event}} handled',
      },
      {
        expr: 'sum by (job, event) (rate(events_retried_total{job=~"$job"}[$__rate_interval]))',
        legendFormat: '{{job}} {{event}} retried',
      },
    ],
  },
  {
    title: 'Dead-lettered events',
    unit: 'short',
    description: 'Messages moved to a dead-letter queue in the last hour, by service and event.',
    targets: [
      {
        expr: 'sum by (job, event) (increase(events_dead_lettered_total{job=~"$job"}[1h]))',
        legendFormat: '{{job}} {{event}}',
      },
    ],
  },
  {
    title: 'Open notification streams',
    unit: 'short',
    description: 'Event streams (live notifications) held open, by service.',
    targets: [{ expr: 'sum by (job) (event_streams_open{job=~"$job"})', legendFormat: '{{job}}' }],
  },
  {
    title: 'Pods up',
    unit: 'short',
    description: 'Pods answering their metrics scrape, by workload.',
    targets: [{ expr: 'sum by (job) (up{job=~"$job"})', legendFormat: '{{job}}' }],
  },
  {
    title: 'Memory (resident)',
    unit: 'bytes',
    description: 'Resident memory of each pod.',
    targets: [{ expr: 'process_resident_memory_bytes{job=~"$job"}', legendFormat: '{{job}} {{pod}}' }],
  },
  {
    title: 'Event loop lag p99',
    unit: 's',
    description: 'How late the Node.js event loop runs its work, per pod.',
    targets: [{ expr: 'nodejs_eventloop_lag_p99_seconds{job=~"$job"}', legendFormat: '{{job}} {{pod}}' }],
  },
];

/** The Grafana dashboard (JSON model), its workload picker listing the registry's workloads. */
export function grafanaDashboard(jobs: readonly string[]): object {
  const datasource = { type: 'prometheus', uid: '${datasource}' };
  return {
    uid: DASHBOARD_UID,
    title: 'Campus Connect',
    description: 'Requests, errors and latency of the gateway and every service; outbox, events, streams.',
    tags: ['campus-connect'],
    editable: false,
    schemaVersion: 39,
    refresh: '30s',
    time: { from: 'now-6h', to: 'now' },
    templating: {
      list: [
        { name: 'datasource', label: 'Data source', type: 'datasource', query: 'prometheus' },
        {
          name: 'job',
          label: 'Workload',
          type: 'custom',
          query: jobs.join(','),
          multi: true,
          includeAll: true,
          allValue: jobs.join('|'),
          current: { text: 'All', value: '$__all' },
        },
      ],
    },
    panels: DASHBOARD_PANELS.map((panel, i) => ({
      id: i + 1,
      type: 'timeseries',
      title: panel.title,
      description: panel.description,
      datasource,
      gridPos: { h: 8, w: panel.w ?? 12, x: (i % 2) * 12, y: Math.floor(i / 2) * 8 },
      fieldConfig: { defaults: { unit: panel.unit }, overrides: [] },
      options: { legend: { displayMode: 'list', placement: 'bottom' }, tooltip: { mode: 'multi' } },
      targets: panel.targets.map((t, j) => ({
        datasource,
        expr: t.expr,
        legendFormat: t.legendFormat,
        refId: String.fromCharCode(65 + j),
      })),
    })),
  };
}

/** The dashboard as a ConfigMap Grafana's sidecar loads (kube-prometheus-stack's convention). */
export function dashboardConfigMap(jobs: readonly string[], labels: Record<string, string>): IConfigMap {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'grafana-dashboard-campus-connect', labels: { ...labels, ...GRAFANA_DASHBOARD_LABEL } },
    data: { 'campus-connect.json': `${JSON.stringify(grafanaDashboard(jobs), null, 2)}\n` },
  };
}
