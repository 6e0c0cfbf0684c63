import 'reflect-metadata';
import { createApi, loadConfigOrExit } from './bootstrap';

async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env);
  const app = await createApi(config);
  await app.listen(config.port, config.host);
}

void main();
