/** The matrix app as a worker (fw/worker), bundled by the client matrix test and run in workerd. */
import { worker } from 'fw/worker';
import { matrixApp } from './matrix-app';

export default worker(matrixApp());
