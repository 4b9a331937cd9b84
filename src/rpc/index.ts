export { serverAction, isServerAction, type ServerAction, type RPCActions } from './action';
export { rpc, type RPCOptions } from './server';
export { createRPCClient, type RPCClient, type RPCClientOptions } from './client';
export { RPCActionError, type RPCActionErrorOptions } from './error';
