import { useEffect, useState } from "hono/jsx/dom";
import { getJson } from "./api.js";

/**
 * GET one API resource for a view: its data or the API's error. A response for a path the view
 * has since left (a run opened after another) is dropped, never shown under the new one.
 */
export function useApiJson<T>(path: string): { data?: T; error?: unknown } {
  const [state, setState] = useState<{ data?: T; error?: unknown }>({});
  useEffect(() => {
    let current = true;
    setState({});
    getJson<T>(path).then(
      (data) => current && setState({ data }),
      (error: unknown) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [path]);
  return state;
}
