// What TouchDesigner adds for the compute shader of a GLSL POP (Write GLSL POPs, GLSL POP). Each
// attribute is a shader storage buffer: the ones the POP writes (Output Attributes, and those made on
// its Attributes page) are arrays named as the attribute (`P[id] = ...`), every input attribute is
// read with TDIn_<name>() (svc generates those declarations for the attributes it knows, after this
// text). With the Number of Threads menu on Auto, one thread runs per element and a thread past the
// last one must return. Declarations only: tdsim does not run POP shaders.

uint TDIndex();
uint TDNumElements();
