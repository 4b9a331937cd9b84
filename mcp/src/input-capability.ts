import { declares } from './client-capabilities';

/** The client capability a server-to-client request needs, with what the request is when it needs a finer one. */
function requiredCapability(method: string, params: Record<string, any> | undefined): { path: string; what: string } | null {
  switch (method) {
    case 'sampling/createMessage':
      return params?.tools !== undefined || params?.toolChoice !== undefined
        ? { path: 'sampling.tools', what: 'sampling/createMessage with tools' }
        : { path: 'sampling', what: method };
    case 'roots/list':
      return { path: 'roots', what: method };
    case 'elicitation/create':
      return params?.mode === 'url'
        ? { path: 'elicitation.url', what: 'a URL-mode elicitation/create' }
        : { path: 'elicitation', what: method };
    default:
      return null;
  }
}

/**
 * What keeps the client from taking a request to it (sampling, elicitation, roots), from the capabilities it declared:
 * the missing capability's path (`elicitation.form`, `sampling.tools`) and why; null when it can.
 */
export function capabilityGap(
  declared: Record<string, unknown>,
  method: string,
  params: Record<string, any> | undefined,
): { path: string; message: string } | null {
  const needed = requiredCapability(method, params);
  if (needed === null) return null;
  if (!declares(declared, needed.path))
    return {
      path: needed.path,
      message: `The client did not declare the "${needed.path}" capability, so the server cannot send ${needed.what}`,
    };
  const elicitation = declared.elicitation as Record<string, unknown> | undefined;
  if (
    method === 'elicitation/create' &&
    params?.mode !== 'url' &&
    elicitation !== undefined &&
    Object.keys(elicitation).length > 0 &&
    !declares(declared, 'elicitation.form')
  ) {
    return {
      path: 'elicitation.form',
      message:
        'The client declared only URL-mode elicitation ("elicitation.url"), so the server cannot send a form-mode elicitation/create',
    };
  }
  return null;
}
