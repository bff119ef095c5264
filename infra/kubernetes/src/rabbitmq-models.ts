/**
 * The RabbitMQ Cluster Operator's and Messaging Topology Operator's kinds, which no package on the
 * npm registry types: a small interface for what the manifests use, and the JSON schema of the same
 * fields (rabbitmq-schemas.json) that validate-manifests.mjs checks them against (ADR 0115).
 */
import type { IIoK8sApimachineryPkgApisMetaV1ObjectMeta as ObjectMeta } from '@kubernetes-models/apimachinery/apis/meta/v1/ObjectMeta';
import type { IResourceRequirements } from 'kubernetes-models/v1/ResourceRequirements';

export const RABBITMQ_API = 'rabbitmq.com/v1beta1';

interface ClusterReference {
  rabbitmqClusterReference: { name: string };
}

export interface RabbitmqCluster {
  apiVersion: typeof RABBITMQ_API;
  kind: 'RabbitmqCluster';
  metadata: ObjectMeta;
  spec: {
    replicas: number;
    resources?: IResourceRequirements;
    persistence?: { storage: string };
    rabbitmq?: { additionalConfig?: string };
  };
}

export interface RabbitmqExchange {
  apiVersion: typeof RABBITMQ_API;
  kind: 'Exchange';
  metadata: ObjectMeta;
  spec: ClusterReference & {
    name: string;
    vhost: string;
    type: string;
    durable: boolean;
    autoDelete: boolean;
  };
}

export interface RabbitmqQueue {
  apiVersion: typeof RABBITMQ_API;
  kind: 'Queue';
  metadata: ObjectMeta;
  spec: ClusterReference & {
    name: string;
    vhost: string;
    durable: boolean;
    autoDelete: boolean;
    arguments?: Record<string, unknown>;
  };
}

export interface RabbitmqBinding {
  apiVersion: typeof RABBITMQ_API;
  kind: 'Binding';
  metadata: ObjectMeta;
  spec: ClusterReference & {
    vhost: string;
    source: string;
    destination: string;
    destinationType: 'queue' | 'exchange';
    routingKey: string;
    arguments?: Record<string, unknown>;
  };
}

export interface RabbitmqPolicy {
  apiVersion: typeof RABBITMQ_API;
  kind: 'Policy';
  metadata: ObjectMeta;
  spec: ClusterReference & {
    name: string;
    vhost: string;
    pattern: string;
    applyTo: 'queues' | 'exchanges' | 'all';
    priority: number;
    definition: Record<string, unknown>;
  };
}

export interface RabbitmqUser {
  apiVersion: typeof RABBITMQ_API;
  kind: 'User';
  metadata: ObjectMeta;
  spec: ClusterReference & { importCredentialsSecret: { name: string }; tags?: string[] };
}

export interface RabbitmqPermission {
  apiVersion: typeof RABBITMQ_API;
  kind: 'Permission';
  metadata: ObjectMeta;
  spec: ClusterReference & {
    vhost: string;
    userReference: { name: string };
    permissions: { configure: string; write: string; read: string };
  };
}

export type RabbitmqObject =
  | RabbitmqCluster
  | RabbitmqExchange
  | RabbitmqQueue
  | RabbitmqBinding
  | RabbitmqPolicy
  | RabbitmqUser
  | RabbitmqPermission;
