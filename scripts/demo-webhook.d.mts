/** The council whose demo webhooks go to the council simulator. */
export declare const DEMO_WEBHOOK_COUNCIL: string;

/** Makes (or finds, turns on and rotates) the demo endpoint and hands its secret to the simulator: its id. */
export declare function registerDemoWebhook(options: {
  apiUrl: string;
  simUrl: string;
  email: string;
  password: string;
}): Promise<string>;
