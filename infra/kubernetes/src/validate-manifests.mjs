// Validates every object of the manifests' YAML files against its schema, offline: the Kubernetes
// and CRD kinds with the kubernetes-models packages' own validate(), the RabbitMQ operators' kinds
// with rabbitmq-schemas.json. An ES module run by node (the packages ship ES modules only, which jest
// does not load): `node infra/kubernetes/src/validate-manifests.mjs <file.yaml>...` prints a JSON
// report { checked: [kind/name], problems: [text] } (ADR 0115).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parseAllDocuments } from 'yaml';

const require = createRequire(import.meta.url);
const Ajv = require('ajv');
const rabbitmq = JSON.parse(fs.readFileSync(new URL('./rabbitmq-schemas.json', import.meta.url), 'utf8'));

const MODELS = {
  'v1/ConfigMap': () => import('kubernetes-models/v1/ConfigMap'),
  'v1/Service': () => import('kubernetes-models/v1/Service'),
  'v1/ServiceAccount': () => import('kubernetes-models/v1/ServiceAccount'),
  'apps/v1/Deployment': () => import('kubernetes-models/apps/v1/Deployment'),
  'policy/v1/PodDisruptionBudget': () => import('kubernetes-models/policy/v1/PodDisruptionBudget'),
  'autoscaling/v2/HorizontalPodAutoscaler': () =>
    import('kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler'),
  'networking.k8s.io/v1/NetworkPolicy': () => import('kubernetes-models/networking.k8s.io/v1/NetworkPolicy'),
  'networking.k8s.io/v1/Ingress': () => import('kubernetes-models/networking.k8s.io/v1/Ingress'),
  'keda.sh/v1alpha1/ScaledObject': () => import('@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject'),
  'keda.sh/v1alpha1/TriggerAuthentication': () =>
    import('@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication'),
  'postgresql.cnpg.io/v1/Cluster': () =>
    import('@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1/Cluster'),
  'postgresql.cnpg.io/v1/Pooler': () =>
    import('@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1/Pooler'),
  'postgresql.cnpg.io/v1/Database': () =>
    import('@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1/Database'),
  'monitoring.coreos.com/v1/ServiceMonitor': () =>
    import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor'),
  'monitoring.coreos.com/v1/PrometheusRule': () =>
    import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule'),
};

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addSchema({ $id: 'rabbitmq', definitions: rabbitmq.definitions });
const rabbitmqValidators = Object.fromEntries(
  Object.entries(rabbitmq.kinds).map(([kind, schema]) => [
    kind,
    ajv.compile({ ...schema, definitions: rabbitmq.definitions }),
  ]),
);

const checked = [];
const problems = [];
for (const file of process.argv.slice(2)) {
  for (const document of parseAllDocuments(fs.readFileSync(file, 'utf8'))) {
    const object = document.toJS();
    if (!object) continue;
    const id = `${file}: ${object.kind}/${object.metadata?.name}`;
    const key = `${object.apiVersion}/${object.kind}`;
    if (object.apiVersion === 'rabbitmq.com/v1beta1' && rabbitmqValidators[object.kind]) {
      const validate = rabbitmqValidators[object.kind];
      if (!validate(object)) problems.push(`${id}: ${ajv.errorsText(validate.errors)}`);
    } else if (MODELS[key]) {
      const module = await MODELS[key]();
      const Model = module[object.kind];
      try {
        new Model(object).validate();
      } catch (error) {
        problems.push(`${id}: ${error.message}`);
      }
    } else {
      problems.push(`${id}: no schema for ${key}`);
      continue;
    }
    checked.push(id);
  }
}
process.stdout.write(JSON.stringify({ checked, problems }));
