export { some, every, except, type Combinable, type Condition } from './combine';
