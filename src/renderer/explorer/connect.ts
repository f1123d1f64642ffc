// Builds the page's REST client from its address: HTTP to the page's origin or ?host, or the
// desktop app's bridge (window.ecsHost) unless ?remote=true.
import { hostBridge } from '../common';
import { RestClient, bridgeTransport, connectionConfig, httpTransport, type ConnectionConfig } from './client';

/** The REST client of the page and how it connects. */
export interface Connection {
  client: RestClient;
  config: ConnectionConfig;
}

/** Connects as the page address says. */
export function connect(): Connection {
  const bridge = hostBridge();
  const config = connectionConfig(location.search, location.origin, bridge !== undefined);
  const transport = config.mode === 'local' && bridge ? bridgeTransport(bridge) : httpTransport(config.baseUrl);
  return { client: new RestClient(transport), config };
}
