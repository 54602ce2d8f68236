import { startTestApp, type TestApp, type TestAppOptions } from './app-harness';
import {
  graphEnvFor,
  startGraphStandIn,
  TEST_GRAPH_APP,
  type GraphStandIn,
  type GraphStandInOptions,
} from './graph-stand-in';

/** A test app whose directory is a Graph stand-in; the test closes both (the app first). */
export interface AppOnGraph {
  readonly graph: GraphStandIn;
  readonly t: TestApp;
}

/**
 * Starts the Graph stand-in (the specs' app registration, `standIn`'s users and page size), then a
 * test app with its GRAPH_* variables pointing there (no scheduled run unless `app.env` sets
 * DIRECTORY_SYNC_CRON). Kept apart from graph-stand-in.ts, which the browser specs import without
 * the Nest harness.
 */
export async function startAppOnGraph(
  standIn: Omit<GraphStandInOptions, keyof typeof TEST_GRAPH_APP>,
  app: TestAppOptions = {},
): Promise<AppOnGraph> {
  const graph = await startGraphStandIn({ ...TEST_GRAPH_APP, ...standIn });
  let t: TestApp;
  try {
    t = await startTestApp({ ...app, env: { ...graphEnvFor(graph), ...app.env } });
  } catch (error) {
    await graph.close();
    throw error;
  }
  return { graph, t };
}
