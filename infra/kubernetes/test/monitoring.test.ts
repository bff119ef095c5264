import fs from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parseAllDocuments } from 'yaml';
import { createMetrics, processMetricsRegistry } from '@campus/service-kit/metrics';
import { SERVICES } from '../../local/src/service-registry';
import { BASE_DIR, KUBERNETES_DIR } from '../src/manifests';
import { GATEWAY_METRICS_PORT, GRAFANA_DASHBOARD_LABEL, MONITORING } from '../src/monitoring';

// The monitoring half of the manifests as committed (ADR 0120): what Prometheus scrapes, the alert
// rules and the dashboard. No Prometheus here: every query is parsed by Prometheus's own PromQL
// grammar, and every metric it names is one the kit exports.
/* eslint-disable @typescript-eslint/no-explicit-any */
type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: any };
  spec?: any;
  data?: any;
};

const objects: K8sObject[] = fs
  .readdirSync(BASE_DIR)
  .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
  .flatMap((f) =>
    parseAllDocuments(fs.readFileSync(path.join(BASE_DIR, f), 'utf8'))
      .map((d) => d.toJS() as K8sObject)
      .filter(Boolean),
  );
const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const named = (kind: string, name: string) => ofKind(kind).find((o) => o.metadata.name === name);
const jobs = ['gateway', ...SERVICES.map((s) => s.definition.name)];

const rules: any[] = ofKind('PrometheusRule').flatMap((r) => r.spec.groups.flatMap((g: any) => g.rules));
const dashboardConfigMaps = ofKind('ConfigMap').filter((c) => c.metadata.labels?.grafana_dashboard === '1');
const dashboardFile = path.join(KUBERNETES_DIR, 'monitoring', 'campus-connect-dashboard.json');
const dashboard = JSON.parse(fs.readFileSync(dashboardFile, 'utf8'));
const dashboardQueries: string[] = dashboard.panels.flatMap((p: any) => p.targets.map((t: any) => t.expr));

/** Grafana's variables, as Grafana fills them in before Prometheus sees the query. */
const asSent = (expr: string) => expr.replaceAll('$__rate_interval', '1m').replaceAll('$job', 'library');

/** The query's syntax errors (empty when it parses) and the metric names it selects. */
function readQuery(expr: string): { errors: string[]; metrics: string[] } {
  const errors: string[] = [];
  const metrics: string[] = [];
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError)
        errors.push(`at ${node.from}: ${expr.slice(node.from, node.from + 20) || 'end'}`);
      if (node.name === 'VectorSelector') {
        const name = node.node.getChild('Identifier');
        if (name) metrics.push(expr.slice(name.from, name.to));
      }
    },
  });
  return { errors, metrics };
}

/** Every series name a scrape of a service or the gateway can show, plus Prometheus's own `up`. */
function exportedNames(): Set<string> {
  const names = new Set(['up']);
  const registries = [createMetrics().registry, processMetricsRegistry()];
  for (const metric of registries.flatMap((r) => r.getMetricsAsArray()) as any[]) {
    const name: string = metric.name;
    names.add(name);
    if (metric.constructor.name === 'Histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    if (metric.constructor.name === 'Summary')
      for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

describe('what Prometheus scrapes', () => {
  test('a ServiceMonitor per service and the gateway, each on a port its Service names', () => {
    for (const job of jobs) {
      const monitor = named('ServiceMonitor', job);
      const service = named('Service', job);
      expect({ job, monitor: Boolean(monitor), service: Boolean(service) }).toEqual({
        job,
        monitor: true,
        service: true,
      });
      const selected = Object.entries(monitor!.spec.selector.matchLabels).every(
        ([k, v]) => service!.metadata.labels[k] === v,
      );
      const [endpoint] = monitor!.spec.endpoints;
      expect({
        job,
        selected,
        path: endpoint.path,
        portNamed: service!.spec.ports.some((p: any) => p.name === endpoint.port),
      }).toEqual({ job, selected: true, path: '/metrics', portNamed: true });
    }
  });

  test("the gateway's metrics are on their own port, set by METRICS_PORT, which the Ingress never reaches", () => {
    const container = named('Deployment', 'gateway')!.spec.template.spec.containers[0];
    expect(container.ports).toContainEqual({
      name: 'metrics',
      containerPort: GATEWAY_METRICS_PORT,
      protocol: 'TCP',
    });
    expect(container.env).toContainEqual({ name: 'METRICS_PORT', value: String(GATEWAY_METRICS_PORT) });
    expect(named('ServiceMonitor', 'gateway')!.spec.endpoints[0].port).toBe('metrics');
    const ingressPorts = named('Ingress', 'campus')!.spec.rules.flatMap((r: any) =>
      r.http.paths.map((p: any) => p.backend.service.port.number),
    );
    expect(ingressPorts).not.toContain(GATEWAY_METRICS_PORT);
    // Only Prometheus's pods reach the metrics port.
    const opened = named('NetworkPolicy', 'gateway')!.spec.ingress.filter((r: any) =>
      r.ports.some((p: any) => p.port === GATEWAY_METRICS_PORT),
    );
    expect(opened).toEqual([
      {
        from: [
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': MONITORING.namespace } },
            podSelector: { matchLabels: MONITORING.prometheusPods },
          },
        ],
        ports: [{ protocol: 'TCP', port: GATEWAY_METRICS_PORT }],
      },
    ]);
  });
});

describe('the alert rules (PrometheusRule)', () => {
  test('each has a name, a query that parses, a severity, a summary and a description', () => {
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect({
        alert: rule.alert,
        errors: readQuery(rule.expr).errors,
        severity: ['critical', 'warning'].includes(rule.labels?.severity),
        summary: typeof rule.annotations?.summary === 'string',
        description: typeof rule.annotations?.description === 'string',
        for: rule.for === undefined || /^\d+[smh]$/.test(rule.for),
      }).toEqual({
        alert: expect.stringMatching(/^Campus[A-Z]\w+$/),
        errors: [],
        severity: true,
        summary: true,
        description: true,
        for: true,
      });
    }
  });

  test('cover 5xx ratio, outbox age, dead letters and a workload down, for every workload', () => {
    const byName = (alert: string) => rules.filter((r) => r.alert === alert).map((r) => r.expr as string);
    expect(byName('CampusHighErrorRatio').join()).toMatch(/http_requests_total\{[^}]*status=~"5\.\."/);
    expect(byName('CampusOutboxStuck').join()).toMatch(/outbox_oldest_event_age_seconds.*> \d+/);
    expect(byName('CampusDeadLetters').join()).toMatch(/increase\(events_dead_lettered_total/);
    expect(byName('CampusServiceDown').join()).toMatch(/^up\{.*\} == 0$/);
    for (const job of jobs) expect(byName('CampusServiceAbsent')).toContain(`absent(up{job="${job}"})`);
    for (const expr of byName('CampusHighErrorRatio'))
      expect(
        expr
          .match(/job=~"([^"]+)"/)![1]!
          .split('|')
          .sort(),
      ).toEqual([...jobs].sort());
  });

  test('a query with a syntax error is caught by the check', () => {
    expect(readQuery('sum(rate(http_requests_total[5m]) by').errors).not.toEqual([]);
    expect(readQuery('up{job="x" == 0').errors).not.toEqual([]);
  });
});

describe('the Grafana dashboard', () => {
  test('is the same in its ConfigMap (for Grafana in the cluster) and its file (to import)', () => {
    expect(dashboardConfigMaps).toHaveLength(1);
    expect(dashboardConfigMaps[0]!.metadata.labels).toMatchObject(GRAFANA_DASHBOARD_LABEL);
    const inConfigMap = JSON.parse(dashboardConfigMaps[0]!.data['campus-connect.json']);
    expect(inConfigMap).toEqual(dashboard);
  });

  test('every panel query parses, and names only metrics the kit exports', () => {
    const exported = exportedNames();
    expect(exported.has('http_requests_total')).toBe(true);
    for (const expr of [...dashboardQueries, ...rules.map((r) => r.expr as string)]) {
      const { errors, metrics } = readQuery(asSent(expr));
      expect({ expr, errors, unknown: metrics.filter((m) => !exported.has(m)) }).toEqual({
        expr,
        errors: [],
        unknown: [],
      });
    }
  });

  test('shows request rate, 5xx ratio, p95 latency, outbox backlog and age, dead letters and open streams', () => {
    const all = dashboardQueries.join('\n');
    expect(all).toMatch(/sum by \(job\) \(rate\(http_requests_total\{job=~"\$job"\}/);
    expect(all).toMatch(/status=~"5\.\."/);
    expect(all).toMatch(
      /histogram_quantile\(0\.95, sum by \(job, le\) \(rate\(http_request_duration_seconds_bucket/,
    );
    for (const metric of [
      'outbox_events_waiting',
      'outbox_oldest_event_age_seconds',
      'events_dead_lettered_total',
      'events_handled_total',
      'events_retried_total',
      'event_streams_open',
    ])
      expect(all).toContain(metric);
    const picker = dashboard.templating.list.find((v: any) => v.name === 'job');
    expect(picker.query.split(',')).toEqual(jobs);
  });
});
