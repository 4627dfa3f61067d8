import { parseArgs } from 'node:util';
import {
  BRIDGE_MODES,
  DEFAULT_PORT,
  DEFAULT_SERVICE_KEY,
  SERVICE_KEY_HEADER,
  startBridgeSim,
  USER_ID_HEADER,
  type BridgeMode,
} from './bridge-sim';

// A tool run by hand or by tests: reads its options from the command line, then the environment.
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    key: { type: 'string' },
    mode: { type: 'string' },
    origin: { type: 'string', multiple: true },
    dir: { type: 'string' },
  },
});
const env = process.env;

function fail(message: string): never {
  console.error(`[bridge-sim] ${message}`);
  process.exit(2);
}

const mode = values.mode ?? env.BRIDGE_SIM_MODE ?? 'normal';
if (!BRIDGE_MODES.includes(mode as BridgeMode)) fail(`mode inconnu « ${mode} » ; modes : ${BRIDGE_MODES.join(', ')}`);
const port = Number(values.port ?? env.BRIDGE_SIM_PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`port invalide « ${values.port ?? env.BRIDGE_SIM_PORT} »`);
const origins =
  values.origin ??
  env.BRIDGE_SIM_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);

const sim = await startBridgeSim({
  port,
  host: values.host ?? env.BRIDGE_SIM_HOST ?? '127.0.0.1',
  serviceKey: values.key ?? env.BRIDGE_SIM_KEY ?? DEFAULT_SERVICE_KEY,
  mode: mode as BridgeMode,
  storageDir: values.dir ?? env.BRIDGE_SIM_DIR,
  ...(origins ? { allowedOrigins: origins } : {}),
});
console.log(
  `[bridge-sim] passerelle simulée sur ${sim.url} (mode ${sim.mode()}, en-têtes ${SERVICE_KEY_HEADER} et ${USER_ID_HEADER}), ` +
    `fichiers reçus dans ${sim.storageDir}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void sim.close().then(() => process.exit(0)));
