/** The council whose demo webhooks go to the council simulator. */
export declare const DEMO_WEBHOOK_COUNCIL: string;

/** Makes (or finds, turns on and rotates) the demo endpoint and hands its secret to the simulator: its id. */
export declare function registerDemoWebhook(options: {
  apiUrl: string;
  simUrl: string;
  email: string;
  password: string;
  /** The account's TOTP secret when it is not the demo staff's (DEMO_STAFF_TOTP_SECRET). */
  totpSecret?: string;
}): Promise<string>;
