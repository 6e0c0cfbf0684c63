export * from './signature';
export * from './url-safety';
