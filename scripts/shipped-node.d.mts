/** The Node major version of the Dockerfile's base images. */
export function shippedNodeMajor(dockerfile?: string): number;
/** A Node binary of that major version, or why none could be had. */
export function shippedNodeBinary(
  major?: number,
): { path: string; reason?: undefined } | { path?: undefined; reason: string };
