/**
 * Unknown fields in a rendered Kubernetes object: the schema validation of kubernetes-models checks the fields
 * it knows and ignores the rest, as `kubectl apply` without `--validate=strict` would, so a misspelt field
 * (`readinesProbe`, `securityContex`) passes silently and does nothing. Here the object is walked against the
 * types kubernetes-models declares for it (its `.d.ts` files, read with the TypeScript compiler), and every
 * field that its type does not have is named by its path.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

const require = createRequire(__filename);
const MODELS_DIR = dirname(require.resolve('kubernetes-models/package.json'));

/** The interface of each kind, as `apiVersion/kind` → [module under kubernetes-models, interface name]. */
const KINDS: Record<string, [string, string]> = {
  'apps/v1/Deployment': ['apps/v1/Deployment', 'IDeployment'],
  'autoscaling/v2/HorizontalPodAutoscaler': ['autoscaling/v2/HorizontalPodAutoscaler', 'IHorizontalPodAutoscaler'],
  'batch/v1/Job': ['batch/v1/Job', 'IJob'],
  'networking.k8s.io/v1/Ingress': ['networking.k8s.io/v1/Ingress', 'IIngress'],
  'networking.k8s.io/v1/NetworkPolicy': ['networking.k8s.io/v1/NetworkPolicy', 'INetworkPolicy'],
  'policy/v1/PodDisruptionBudget': ['policy/v1/PodDisruptionBudget', 'IPodDisruptionBudget'],
  'v1/ConfigMap': ['v1/ConfigMap', 'IConfigMap'],
  'v1/Namespace': ['v1/Namespace', 'INamespace'],
  'v1/Secret': ['v1/Secret', 'ISecret'],
  'v1/Service': ['v1/Service', 'IService'],
};

let compiled: { checker: ts.TypeChecker; types: Map<string, ts.Type> } | null = null;

/** One program over the declarations of every kind we render (built once: it takes a second or two). */
function declaredTypes(): { checker: ts.TypeChecker; types: Map<string, ts.Type> } {
  if (compiled) return compiled;
  const files = Object.values(KINDS).map(([module]) => join(MODELS_DIR, `${module}.d.ts`));
  const program = ts.createProgram(files, {
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const types = new Map<string, ts.Type>();
  for (const [key, [module, name]] of Object.entries(KINDS)) {
    const source = program.getSourceFile(join(MODELS_DIR, `${module}.d.ts`));
    const symbol = source && checker.getSymbolAtLocation(source);
    const declared = symbol && checker.getExportsOfModule(symbol).find((s) => s.name === name);
    if (declared) types.set(key, checker.getDeclaredTypeOfSymbol(declared));
  }
  compiled = { checker, types };
  return compiled;
}

/** The object-like members of a (possibly optional, possibly union) type. */
function objectParts(checker: ts.TypeChecker, type: ts.Type): ts.Type[] {
  const parts = type.isUnion() ? type.types : [type];
  return parts.filter((t) => (t.flags & ts.TypeFlags.Object) !== 0 && !checker.isArrayType(t));
}

function walk(checker: ts.TypeChecker, value: unknown, type: ts.Type, path: string, found: string[]): void {
  if (Array.isArray(value)) {
    const arrays = (type.isUnion() ? type.types : [type]).filter((t) => checker.isArrayType(t));
    const element = arrays[0] && checker.getTypeArguments(arrays[0] as ts.TypeReference)[0];
    if (element) value.forEach((item, i) => walk(checker, item, element, `${path}[${i}]`, found));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const [shape] = objectParts(checker, type);
  if (!shape || checker.getIndexInfosOfType(shape).length > 0) return; // a map (labels, data …): any key
  for (const [key, child] of Object.entries(value)) {
    const property = shape.getProperty(key);
    if (!property) {
      found.push(`${path}.${key}`);
      continue;
    }
    walk(checker, child, checker.getNonNullableType(checker.getTypeOfSymbol(property)), `${path}.${key}`, found);
  }
}

/** The paths of the fields of `object` that its kind does not have (empty: none; a kind we do not know: named). */
export function unknownFields(object: { apiVersion: string; kind: string; metadata?: { name?: string } }): string[] {
  const { checker, types } = declaredTypes();
  const type = types.get(`${object.apiVersion}/${object.kind}`);
  if (!type) return [`${object.apiVersion} ${object.kind}: no declared type known`];
  const found: string[] = [];
  walk(checker, object, type, `${object.kind}/${object.metadata?.name ?? '?'}`, found);
  return found;
}
