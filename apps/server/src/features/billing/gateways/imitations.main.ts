import { envFileText, imitationOptionsFromEnv, startAllImitations, webhookUrlOf } from './imitations';

/**
 * `npm run gateways:imitate [-- --env-file PATH]`: starts the five payment gateways' local imitations (ports
 * from IMITATION_PORT_BASE, default 4291; keys from IMITATION_KEY_SEED; notifications registered to go to
 * PRODUCT_URL, default http://127.0.0.1:3000), prints the environment variables a product server needs to
 * use them (and writes them to PATH), and runs until SIGTERM or SIGINT.
 */

const envFileArgument = (args: string[]): string | undefined => {
  const index = args.findIndex((a) => a === '--env-file' || a.startsWith('--env-file='));
  if (index < 0) return undefined;
  const arg = args[index]!;
  const path = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
  if (!path) throw new Error('--env-file needs a path');
  return path;
};

const main = async () => {
  const options = imitationOptionsFromEnv(process.env);
  const envFile = envFileArgument(process.argv.slice(2));
  const all = await startAllImitations({ ...options, envFile });
  const lines = [
    "The payment gateways' local imitations are listening (GET /__health on each):",
    ...(['paymob', 'fawry', 'tap', 'stripe', 'paypal'] as const).map(
      (gateway) => `  ${gateway.padEnd(7)} ${all[gateway].url}`,
    ),
    `Their notifications go to ${webhookUrlOf(options.productUrl ?? '', '<gateway>')}`,
    envFile
      ? `A product server uses them with these variables (written to ${envFile}):`
      : 'A product server uses them with these variables:',
  ];
  process.stdout.write(`${lines.join('\n')}\n\n${envFileText(all.env)}`);

  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`${signal}: closing the imitations\n`);
    void all.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
