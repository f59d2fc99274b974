#pragma once
/**
 * @file
 * NAME.json, the machine-readable results file (input_decks/README.md, "Results file";
 * schema: input_decks/results.schema.json).
 */
#include <src/io/json_stream.h>
#include <src/io/results.h>

#include <map>
#include <ostream>
#include <string>

namespace corot::io
{
  /**
   * Writes io::Results in the schema input_decks/results.schema.json:
   * @code
   * { "deck": "NAME.inp", "status": "completed", ("message": "..." unless completed)
   *   "steps": [ { "step": 1, "procedure": "static",
   *                "node_output": { "<node>": { "time": [...], "U1": [...], ... } },
   *                "element_output": { "<element>": { "time": [...], "SF1": [...] } },
   *                "newton_iterations": [...] },
   *              { "step": 2, "procedure": "frequency",
   *                "eigenvalues": [...], "frequencies": [...] },
   *              { "step": 3, "procedure": "buckle", "load_factors": [...] },
   *              { "step": 4, "procedure": "dynamic",
   *                "energy": { "time", "kinetic", "strain", "external_work", "total",
   *                           "angular_momentum": { "L1", "L2", "L3" } (dynamic) },
   *                "node_output": ..., "newton_iterations": [...] } ] }
   * @endcode
   * After "step" and "procedure" come the keys of the procedure's results
   * (ProcedureResults::write_json: only the keys that belong to the
   * procedure), then "base_state" for a step solved about one.
   *
   * Within a node or element, "time" comes first and the variables follow in
   * the order of ordered_variables(). Numbers keep full double precision;
   * NaN and infinities become null.
   */
  class JsonWriter
  {
  public:
    /** Write @p results, which must outlive this object. */
    explicit JsonWriter(const Results &results);

    /** Write the document to @p out. */
    void
    write(std::ostream &out) const;

    /**
     * Write the document to the file @p file_name (replaced if it exists);
     * throws dealii::ExcMessage if the file cannot be written.
     */
    void
    write(const std::string &file_name) const;

    /** One element of "steps" (also a record of NAME.jsonl, ResultStream). */
    static void
    write_step(JsonStream &json, const StepResult &step);

    /** The "environment" object: ranks, BLAS, LAPACK, factorizations (RunEnvironment). */
    void
    write_environment(JsonStream &json, const RunEnvironment &environment) const;

  private:
    /** The results written. */
    const Results &results_;
  };

  /**
   * "node_output" or "element_output": @p name : { "<id>": { "time": [...],
   * "<variable>": [...], ... } }, the variables in the order of
   * ordered_variables() (for ProcedureResults::write_json).
   */
  void
  write_histories(JsonStream &json, const std::string &name,
                  const std::map<unsigned, History> &histories);
} // namespace corot::io
