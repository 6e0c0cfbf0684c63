export declare const TOTP_STEP_MS: number;
export declare function currentStep(): number;
export declare function totpCode(secret: string, step: number): string;
export declare function sentStep(account: string, step: number): void;
export declare function freshStep(account: string): Promise<number>;
export declare function freshTotpCode(account: string, secret: string): Promise<string>;
export declare function forgetSteps(account: string): void;
export declare function lastSentStep(account: string): number;
