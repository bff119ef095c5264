import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { formatted } from '../../local/src/generation/generated-file';
import { REMOTES, SERVICES } from '../../local/src/service-registry';
import { brokerDefinitions } from '../../local/src/topology';
import {
  BASE_DIR,
  KUBERNETES_DIR,
  kubernetesManifests,
  OPERATOR_POD_LABELS,
  SECRET_NAME,
} from '../src/manifests';
import { MONITORING, TRACE_COLLECTOR } from '../src/monitoring';

// The manifests as committed (deploy/kubernetes), read as a cluster would get them: no cluster here,
// so every rule a cluster would need to hold is checked on the objects themselves (ADR 0115).
/* eslint-disable @typescript-eslint/no-explicit-any */
type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any;
  data?: any;
  [k: string]: any;
};

const VALIDATOR = path.join(__dirname, '..', 'src', 'validate-manifests.mjs');
const baseFiles = fs
  .readdirSync(BASE_DIR)
  .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
  .map((f) => path.join(BASE_DIR, f));
const objects: K8sObject[] = baseFiles.flatMap((file) =>
  parseAllDocuments(fs.readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as K8sObject)
    .filter(Boolean),
);
const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const named = (kind: string, name: string) => ofKind(kind).find((o) => o.metadata.name === name);
const deployments = ofKind('Deployment');
const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);
const podLabels = (d: K8sObject): Record<string, string> => d.spec.template.metadata.labels;
const podSpecs = () => deployments.map((d) => ({ name: d.metadata.name, pod: d.spec.template.spec }));
const allContainers = () =>
  podSpecs().flatMap(({ name, pod }) =>
    [...(pod.initContainers ?? []), ...pod.containers].map((c: any) => ({ deployment: name, c })),
  );
const validate = (files: string[]): { checked: string[]; problems: string[] } =>
  JSON.parse(execFileSync(process.execPath, [VALIDATOR, ...files], { encoding: 'utf8' }));

describe('the Kubernetes manifests', () => {
  it('are what the registry generates today (npm run generate writes them)', async () => {
    for (const { file, content } of kubernetesManifests(SERVICES, REMOTES)) {
      const absolute = path.join(KUBERNETES_DIR, file);
      const expected = await formatted({ file: absolute, content });
      expect({
        file,
        content: fs.existsSync(absolute) ? fs.readFileSync(absolute, 'utf8') : '(missing)',
      }).toEqual({
        file,
        content: expected.content,
      });
    }
  });

  it('validate against their schemas, offline, and an invalid object is reported', () => {
    const report = validate(baseFiles);
    expect(report.problems).toEqual([]);
    expect(report.checked).toHaveLength(objects.length);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-invalid-'));
    try {
      const broken = path.join(dir, 'broken.yaml');
      fs.writeFileSync(
        broken,
        [
          'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: x }\nspec: { selector: {}, template: { spec: { containers: 3 } } }',
          'apiVersion: rabbitmq.com/v1beta1\nkind: Queue\nmetadata: { name: q }\nspec: { name: q, durable: maybe }',
          'apiVersion: keda.sh/v1alpha1\nkind: ScaledObject\nmetadata: { name: s }\nspec: { triggers: [] }',
        ].join('\n---\n'),
      );
      const problems = validate([broken]).problems.join('\n');
      expect(problems).toMatch(/Deployment\/x: .*containers must be array/);
      expect(problems).toMatch(/Queue\/q: .*durable/);
      expect(problems).toMatch(/ScaledObject\/s: .*scaleTargetRef/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('give every registered service, the gateway and every frontend its objects', () => {
    const workloads = [
      'gateway',
      ...SERVICES.map((s) => s.definition.name),
      'web-shell',
      ...REMOTES.map((r) => `web-${r.name}`),
    ];
    for (const name of workloads) {
      // Frontends are static files: no metrics, so no ServiceMonitor.
      const kinds = ['Deployment', 'Service', 'ServiceAccount', 'PodDisruptionBudget', 'NetworkPolicy'];
      if (!name.startsWith('web-')) kinds.push('ServiceMonitor');
      for (const kind of kinds)
        expect({ name, kind, found: Boolean(named(kind, name)) }).toEqual({ name, kind, found: true });
      expect({ name, automount: named('ServiceAccount', name)!.automountServiceAccountToken }).toEqual({
        name,
        automount: false,
      });
    }
    const roles = named('Cluster', 'campus-db')!.spec.managed.roles.map((r: any) => r.name);
    for (const { definition } of SERVICES) {
      const name = definition.name;
      const pod = named('Deployment', name)!.spec.template.spec;
      expect({ name, init: pod.initContainers?.map((c: any) => c.name) }).toEqual({
        name,
        init: ['migrate'],
      });
      expect(ofKind('Database').find((d) => d.spec.owner === name)?.spec.name).toBe(`campus_${name}`);
      expect(roles).toContain(name);
      expect(named('User', `${name}-broker`)).toBeDefined();
      expect(named('Permission', `${name}-broker`)?.spec.userReference.name).toBe(`${name}-broker`);
      const autoscalers = [named('HorizontalPodAutoscaler', name), named('ScaledObject', name)].filter(
        Boolean,
      );
      expect({ name, autoscalers: autoscalers.length }).toEqual({ name, autoscalers: 1 });
      if (definition.consumes.length > 0) {
        const trigger = named('ScaledObject', name)!.spec.triggers.find((t: any) => t.type === 'rabbitmq');
        expect(brokerDefinitions().queues.map((q) => q.name)).toContain(trigger.metadata.queueName);
      }
    }
    expect(named('Cluster', 'campus-db')!.spec.instances).toBe(3);
    expect(named('RabbitmqCluster', 'campus-broker')!.spec.replicas).toBe(3);
    expect(ofKind('Pooler')).toHaveLength(1);
  });

  it('declare the broker topology of definitions.json', () => {
    const definitions = brokerDefinitions();
    const sorted = (xs: string[]) => [...xs].sort();
    expect(sorted(ofKind('Exchange').map((e) => e.spec.name))).toEqual(
      sorted(definitions.exchanges.map((e) => e.name)),
    );
    expect(sorted(ofKind('Queue').map((q) => `${q.spec.name} ${JSON.stringify(q.spec.arguments)}`))).toEqual(
      sorted(definitions.queues.map((q) => `${q.name} ${JSON.stringify(q.arguments)}`)),
    );
    expect(
      sorted(ofKind('Binding').map((b) => `${b.spec.source}>${b.spec.destination}:${b.spec.routingKey}`)),
    ).toEqual(sorted(definitions.bindings.map((b) => `${b.source}>${b.destination}:${b.routing_key}`)));
    expect(ofKind('Policy').map((p) => p.spec.pattern)).toEqual(definitions.policies.map((p) => p.pattern));
    expect(ofKind('Queue').some((q) => q.spec.name.endsWith('.dlq'))).toBe(true);
  });

  it("give each service's broker user the rights its bus uses, on its own queues only", () => {
    const definitions = brokerDefinitions();
    const exchange = definitions.exchanges[0]!.name;
    for (const { definition } of SERVICES) {
      const name = definition.name;
      const { configure, write, read } = named('Permission', `${name}-broker`)!.spec.permissions;
      const may = (pattern: string, resource: string) => new RegExp(pattern).test(resource);
      const own = definitions.queues.filter((q) => q.name === name || q.name.startsWith(`${name}.`));
      expect(own.length).toBeGreaterThan(1);
      for (const resource of [exchange, 'amq.gen-Xy1', ...own.map((q) => q.name)])
        expect({ name, resource, configure: may(configure, resource), read: may(read, resource) }).toEqual({
          name,
          resource,
          configure: true,
          read: true,
        });
      for (const resource of ['amq.default', exchange, ...own.map((q) => q.name)])
        expect({ name, resource, write: may(write, resource) }).toEqual({ name, resource, write: true });
      const others = definitions.queues.filter((q) => !own.includes(q));
      for (const q of others)
        expect({ name, other: q.name, any: [configure, write, read].some((p) => may(p, q.name)) }).toEqual({
          name,
          other: q.name,
          any: false,
        });
    }
  });

  it('have every Service select a pod template, every autoscaler and budget target a Deployment', () => {
    for (const service of ofKind('Service'))
      expect({
        service: service.metadata.name,
        selects: deployments.some((d) => selects(service.spec.selector, podLabels(d))),
      }).toEqual({ service: service.metadata.name, selects: true });
    for (const scaler of [...ofKind('HorizontalPodAutoscaler'), ...ofKind('ScaledObject')]) {
      const target = scaler.spec.scaleTargetRef;
      expect({
        scaler: scaler.metadata.name,
        kind: target.kind ?? 'Deployment',
        exists: Boolean(named('Deployment', target.name)),
      }).toEqual({
        scaler: scaler.metadata.name,
        kind: 'Deployment',
        exists: true,
      });
    }
    for (const budget of ofKind('PodDisruptionBudget'))
      expect(deployments.filter((d) => selects(budget.spec.selector.matchLabels, podLabels(d)))).toHaveLength(
        1,
      );
    // KEDA makes its own HPA: one Deployment scaled by both would have two controllers fighting.
    const targets = [...ofKind('HorizontalPodAutoscaler'), ...ofKind('ScaledObject')].map(
      (s) => s.spec.scaleTargetRef.name,
    );
    expect(targets.sort()).toEqual(deployments.map((d) => d.metadata.name).sort());
    for (const auth of ofKind('ScaledObject')
      .flatMap((s) => s.spec.triggers)
      .filter((t: any) => t.authenticationRef))
      expect(named('TriggerAuthentication', auth.authenticationRef.name)).toBeDefined();
  });

  it('give every container probes, requests and limits, and the restricted security context', () => {
    for (const { name, pod } of podSpecs()) {
      expect({
        name,
        nonRoot: pod.securityContext?.runAsNonRoot,
        seccomp: pod.securityContext?.seccompProfile?.type,
      }).toEqual({
        name,
        nonRoot: true,
        seccomp: 'RuntimeDefault',
      });
      expect(pod.automountServiceAccountToken).toBe(false);
      const tmp = pod.volumes?.find((v: any) => v.name === 'tmp');
      expect({ name, tmp: tmp?.emptyDir !== undefined }).toEqual({ name, tmp: true });
      for (const c of pod.containers)
        expect({
          name,
          container: c.name,
          readiness: Boolean(c.readinessProbe),
          liveness: Boolean(c.livenessProbe),
        }).toEqual({
          name,
          container: c.name,
          readiness: true,
          liveness: true,
        });
    }
    for (const { deployment, c } of allContainers()) {
      const s = c.securityContext ?? {};
      expect({
        deployment,
        container: c.name,
        runAsNonRoot: s.runAsNonRoot,
        uid: s.runAsUser > 0,
        readOnlyRootFilesystem: s.readOnlyRootFilesystem,
        allowPrivilegeEscalation: s.allowPrivilegeEscalation,
        drop: s.capabilities?.drop,
        seccomp: s.seccompProfile?.type,
        limits: Object.keys(c.resources?.limits ?? {}).sort(),
        requests: Object.keys(c.resources?.requests ?? {}).sort(),
        tmp: c.volumeMounts?.some((m: any) => m.mountPath === '/tmp'),
      }).toEqual({
        deployment,
        container: c.name,
        runAsNonRoot: true,
        uid: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        drop: ['ALL'],
        seccomp: 'RuntimeDefault',
        limits: ['cpu', 'memory'],
        requests: ['cpu', 'memory'],
        tmp: true,
      });
    }
  });

  it('pin every image to a version, never latest, through the kustomize images entries', () => {
    const images = allContainers().map(({ c }) => c.image as string);
    for (const image of images) expect(image).toMatch(/^[^:]+:(?!latest$)[\w.-]+$/);
    for (const file of ['base', 'overlays/production'].map((d) =>
      path.join(KUBERNETES_DIR, d, 'kustomization.yaml'),
    )) {
      const entries: Array<{ name: string; newTag?: string }> = parse(fs.readFileSync(file, 'utf8')).images;
      for (const image of new Set(images.map((i) => i.split(':')[0]!)))
        expect({ file, image, entry: entries.find((e) => e.name === image)?.newTag ?? 'none' }).toEqual({
          file,
          image,
          entry: expect.stringMatching(/^(?!latest$|none$)[\w.-]+$/),
        });
    }
  });

  it('take every secret by reference, never as a literal value', () => {
    for (const { deployment, c } of allContainers())
      for (const variable of c.env ?? []) {
        if (variable.value === undefined) continue;
        expect({ deployment, name: variable.name, secretName: SECRET_NAME.test(variable.name) }).toEqual({
          deployment,
          name: variable.name,
          secretName: false,
        });
        // A URL may carry credentials only as $(VARIABLE)s, which Kubernetes fills from secretKeyRefs.
        const userinfo = /:\/\/([^/@]*)@/.exec(variable.value)?.[1];
        if (userinfo !== undefined)
          expect({ deployment, name: variable.name, userinfo }).toEqual({
            deployment,
            name: variable.name,
            userinfo: expect.stringMatching(/^\$\([A-Z_]+\):\$\([A-Z_]+\)$/),
          });
      }
    expect(ofKind('Secret')).toEqual([]);
    const tls = named('Ingress', 'campus')!.spec.tls;
    expect(tls[0].secretName).toBeTruthy();
    const roles = named('Cluster', 'campus-db')!.spec.managed.roles;
    for (const role of roles) expect(role.passwordSecret?.name).toBeTruthy();
  });

  it('select existing pods in every NetworkPolicy, deny by default, and let only the gateway reach a service', () => {
    const operatorPods = Object.values(OPERATOR_POD_LABELS) as Array<Record<string, string>>;
    const podsExist = (selector: Record<string, string>) =>
      deployments.some((d) => selects(selector, podLabels(d))) ||
      operatorPods.some((labels) => selects(selector, labels));
    const policies = ofKind('NetworkPolicy');
    for (const p of policies) {
      const selector = p.spec.podSelector.matchLabels ?? {};
      expect({ policy: p.metadata.name, selectsPods: podsExist(selector) }).toEqual({
        policy: p.metadata.name,
        selectsPods: true,
      });
      const peers = [
        ...(p.spec.ingress ?? []).flatMap((r: any) => r.from ?? []),
        ...(p.spec.egress ?? []).flatMap((r: any) => r.to ?? []),
      ];
      for (const peer of peers.filter((x: any) => x.podSelector && !x.namespaceSelector))
        expect({
          policy: p.metadata.name,
          peer: peer.podSelector.matchLabels,
          exists: podsExist(peer.podSelector.matchLabels),
        }).toEqual({
          policy: p.metadata.name,
          peer: peer.podSelector.matchLabels,
          exists: true,
        });
    }
    const denyIngress = policies.find((p) => Object.keys(p.spec.podSelector).length === 0);
    expect(denyIngress?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    expect(policies.some((p) => p.spec.policyTypes.includes('Egress') && !p.spec.egress)).toBe(true);
    for (const { definition } of SERVICES) {
      const p = named('NetworkPolicy', definition.name)!;
      expect(p.spec.ingress).toEqual([
        {
          from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }],
          ports: [{ protocol: 'TCP', port: 8080 }],
        },
        // Prometheus's pods, in their own namespace (both selectors in one peer: and), to scrape /metrics.
        {
          from: [
            {
              namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': MONITORING.namespace } },
              podSelector: { matchLabels: MONITORING.prometheusPods },
            },
          ],
          ports: [{ protocol: 'TCP', port: 8080 }],
        },
      ]);
      const reached = p.spec.egress.flatMap((r: any) =>
        (r.to ?? []).map((t: any) => t.podSelector?.matchLabels),
      );
      expect(reached).toEqual([OPERATOR_POD_LABELS.pooler, OPERATOR_POD_LABELS.broker]);
    }
  });

  it('have kustomizations that list every base file and overlays that name files which exist', () => {
    const kustomization = (dir: string) =>
      parse(fs.readFileSync(path.join(KUBERNETES_DIR, dir, 'kustomization.yaml'), 'utf8'));
    expect([...kustomization('base').resources].sort()).toEqual(
      baseFiles.map((f) => path.basename(f)).sort(),
    );
    for (const overlay of ['development', 'production']) {
      const k = kustomization(`overlays/${overlay}`);
      const dir = path.join(KUBERNETES_DIR, 'overlays', overlay);
      for (const resource of k.resources)
        expect(fs.existsSync(path.join(dir, resource, 'kustomization.yaml'))).toBe(true);
      for (const patch of k.patches) {
        expect({ overlay, patch: patch.path, exists: fs.existsSync(path.join(dir, patch.path)) }).toEqual({
          overlay,
          patch: patch.path,
          exists: true,
        });
        expect({
          overlay,
          target: patch.target.kind,
          found: objects.some(
            (o) =>
              o.kind === patch.target.kind && (!patch.target.name || o.metadata.name === patch.target.name),
          ),
        }).toEqual({
          overlay,
          target: patch.target.kind,
          found: true,
        });
      }
    }
  });
});

describe('trace export on Kubernetes (ADR 0122)', () => {
  const NAMESPACE = 'campus'; // the overlays' namespace: any one, the policies name no namespace of ours
  type Pod = { namespace: string; labels: Record<string, string> };
  const matches = (selector: any, labels: Record<string, string>) =>
    selects(selector.matchLabels ?? {}, labels) &&
    (selector.matchExpressions ?? []).every((e: any) =>
      e.operator === 'In'
        ? e.values.includes(labels[e.key])
        : e.operator === 'NotIn'
          ? !e.values.includes(labels[e.key])
          : e.operator === 'Exists'
            ? e.key in labels
            : !(e.key in labels),
    );
  const peerMatches = (peer: any, to: Pod) =>
    !peer.ipBlock &&
    (peer.namespaceSelector
      ? matches(peer.namespaceSelector, { 'kubernetes.io/metadata.name': to.namespace })
      : to.namespace === NAMESPACE) &&
    (!peer.podSelector || matches(peer.podSelector, to.labels));
  /** What the cluster would decide for a TCP connection from one of our pods, from every policy. */
  const egressAllowed = (from: Record<string, string>, to: Pod, port: number) => {
    const isolating = ofKind('NetworkPolicy').filter(
      (p) => p.spec.policyTypes.includes('Egress') && matches(p.spec.podSelector, from),
    );
    if (isolating.length === 0) return true;
    return isolating.some((p) =>
      (p.spec.egress ?? []).some(
        (rule: any) =>
          (!rule.to || rule.to.some((peer: any) => peerMatches(peer, to))) &&
          (!rule.ports || rule.ports.some((r: any) => (r.protocol ?? 'TCP') === 'TCP' && r.port === port)),
      ),
    );
  };
  const exporters = ['gateway', ...SERVICES.map((s) => s.definition.name)];
  const frontends = ['web-shell', ...REMOTES.map((r) => `web-${r.name}`)];
  const labelsOf = (name: string) => podLabels(named('Deployment', name)!);
  const collectors: Pod[] = TRACE_COLLECTOR.pods.map((labels) => ({
    namespace: TRACE_COLLECTOR.namespace,
    labels: { ...labels, 'app.kubernetes.io/instance': 'otel' },
  }));

  it('when nobody sets the endpoint, every service and the gateway read an empty OTEL_EXPORTER_OTLP_ENDPOINT from campus-config', () => {
    expect(named('ConfigMap', 'campus-config')!.data.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('');
    for (const { deployment, c } of allContainers().filter(({ deployment }) =>
      exporters.includes(deployment),
    ))
      expect({
        deployment,
        container: c.name,
        endpoint: c.env.find((v: any) => v.name === 'OTEL_EXPORTER_OTLP_ENDPOINT'),
      }).toEqual({
        deployment,
        container: c.name,
        endpoint: {
          name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
          valueFrom: { configMapKeyRef: { name: 'campus-config', key: 'OTEL_EXPORTER_OTLP_ENDPOINT' } },
        },
      });
    // Every exporter is covered (the gateway and each registered service each have a Deployment).
    expect(exporters.filter((name) => !named('Deployment', name))).toEqual([]);
  });

  it('then the gateway and every service may send OTLP/HTTP to a collector pod of the collector namespace, on 4318 only', () => {
    for (const name of exporters)
      for (const collector of collectors)
        expect({
          name,
          collector: collector.labels,
          http: egressAllowed(labelsOf(name), collector, 4318),
          grpc: egressAllowed(labelsOf(name), collector, 4317),
          other: egressAllowed(labelsOf(name), collector, 8888),
        }).toEqual({ name, collector: collector.labels, http: true, grpc: false, other: false });
  });

  it('and nothing else: not a collector elsewhere, not another pod beside it, not from a frontend', () => {
    const [collector] = collectors;
    const elsewhere = [
      { ...collector!, namespace: 'default' },
      { ...collector!, namespace: NAMESPACE },
      { namespace: TRACE_COLLECTOR.namespace, labels: { 'app.kubernetes.io/name': 'jaeger' } },
    ];
    for (const name of exporters)
      for (const to of elsewhere)
        expect({ name, to, allowed: egressAllowed(labelsOf(name), to, 4318) }).toEqual({
          name,
          to,
          allowed: false,
        });
    for (const name of frontends)
      for (const to of collectors)
        expect({ name, to: to.labels, allowed: egressAllowed(labelsOf(name), to, 4318) }).toEqual({
          name,
          to: to.labels,
          allowed: false,
        });
    // The policy that opens it opens no ingress and one port, always to namespace-and-pod peers.
    const opening = ofKind('NetworkPolicy').filter((p) =>
      (p.spec.egress ?? []).some((r: any) => (r.ports ?? []).some((x: any) => x.port === 4318)),
    );
    expect(opening.map((p) => [p.metadata.name, p.spec.policyTypes, p.spec.egress.length])).toEqual([
      ['allow-trace-export', ['Egress'], 1],
    ]);
    const [rule] = opening[0]!.spec.egress;
    expect(rule.ports).toEqual([{ protocol: 'TCP', port: 4318 }]);
    for (const peer of rule.to)
      expect(Object.keys(peer).sort()).toEqual(['namespaceSelector', 'podSelector']);
  });
});

describe('the overlays, built by kustomize', () => {
  // kubectl (Debian's package) carries kustomize and builds offline. A machine without it skips
  // these; REQUIRE_KUBECTL=1 makes that a failure instead, as REQUIRE_DOCKER_COMPOSE does for compose.
  const hasKubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
  const withKubectl = hasKubectl || process.env.REQUIRE_KUBECTL === '1' ? it : it.skip;
  const build = (overlay: string): K8sObject[] => {
    const result = spawnSync('kubectl', ['kustomize', path.join(KUBERNETES_DIR, 'overlays', overlay)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect({ overlay, status: result.status, stderr: result.stderr }).toEqual({
      overlay,
      status: 0,
      stderr: '',
    });
    return parseAllDocuments(result.stdout).map((d) => d.toJS() as K8sObject);
  };

  withKubectl('build, keep every base object in the namespace, and production still validates', () => {
    for (const [overlay, namespace] of [
      ['development', 'campus-dev'],
      ['production', 'campus'],
    ] as const) {
      const built = build(overlay);
      expect(built.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual(
        objects.map((o) => `${o.kind}/${o.metadata.name}`).sort(),
      );
      for (const o of built)
        expect({ object: `${o.kind}/${o.metadata.name}`, namespace: o.metadata.namespace }).toEqual({
          object: `${o.kind}/${o.metadata.name}`,
          namespace,
        });
      // The patches change numbers and names only: the production build is validated once more.
      if (overlay !== 'production') continue;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `k8s-${overlay}-`));
      try {
        const file = path.join(dir, 'built.yaml');
        fs.writeFileSync(file, built.map((o) => `---\n${stringify(o)}`).join(''));
        expect(validate([file]).problems).toEqual([]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  withKubectl('make development one of everything and production the versioned images at its address', () => {
    const development = build('development');
    const only = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
    for (const hpa of only(development, 'HorizontalPodAutoscaler')) expect(hpa.spec.minReplicas).toBe(1);
    for (const scaled of only(development, 'ScaledObject')) expect(scaled.spec.minReplicaCount).toBe(1);
    expect(only(development, 'Cluster')[0]!.spec.instances).toBe(1);
    expect(only(development, 'RabbitmqCluster')[0]!.spec.replicas).toBe(1);

    const production = build('production');
    for (const hpa of only(production, 'HorizontalPodAutoscaler')) expect(hpa.spec.minReplicas).toBe(2);
    expect(only(production, 'Cluster')[0]!.spec.instances).toBe(3);
    const ingress = only(production, 'Ingress')[0]!;
    expect(ingress.spec.tls[0].hosts).toEqual([ingress.spec.rules[0].host]);
    expect(only(production, 'ConfigMap')[0]!.data.PUBLIC_ORIGIN).toBe(
      `https://${ingress.spec.rules[0].host}`,
    );
    for (const d of only(production, 'Deployment'))
      for (const c of d.spec.template.spec.containers)
        expect(c.image).toMatch(/^campus-connect\/[a-z-]+:\d+\.\d+\.\d+/);
  });
});
