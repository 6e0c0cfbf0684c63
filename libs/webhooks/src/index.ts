export * from './signature';
export * from './url-safety';
export * from './event-id';
export * from './retry-schedule';
export * from './request-signature';
export * from './sealing';
