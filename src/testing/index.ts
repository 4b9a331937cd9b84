export { mockContext, type MockContext, type MockContextOptions } from './mock-context';
export { testClient, TestClient, TestRequest, type TestClientOptions, type TestResponse } from './test-client';
export { assertStatus, assertHeader, assertJSON, parseJSONBody, TestAssertionError, type AssertableResponse } from './assertions';
export { findSubsetMismatch, type SubsetMismatch } from './subset';
export { CookieJar } from './cookie-jar';
