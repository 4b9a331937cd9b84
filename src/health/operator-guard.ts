export { operatorGuard } from '../operator-access/operator-guard';
