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

namespace corot::core
{
  struct Model;
}

namespace corot::io
{
  /**
   * Writes io::Results in the schema input_decks/results.schema.json:
   * @code
   * { "deck": "NAME.inp", "schema_version": 1,
   *   "program": { "name": "corot", "version": "0.1.0" },
   *   "status": "completed", ("message": "..." unless completed)
   *   "environment": { ... } (a run's libraries),
   *   "model": { "heading", "nodes": { "ids", "coordinates" },
   *              "elements": { "ids", "types", "connectivity" },
   *              "node_sets": { "<NAME>": [ids] }, "element_sets": { ... } },
   *   "steps": [ { "step": 1, "procedure": "static",
   *                "node_output": { "<node>": { "time": [...], "U1": [...], ... } },
   *                "element_output": { "<element>": { "time": [...], "SF1": [...] } },
   *                "newton_iterations": [...] },
   *              { "step": 2, "procedure": "frequency",
   *                "eigenvalues": [...], "frequencies": [...], "mode_shapes": {...} },
   *              { "step": 3, "procedure": "buckle", "load_factors": [...],
   *                "mode_shapes": {...} },
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
    /**
     * The version of the file's layout, "schema_version": raised by every
     * change of the keys, their types or meaning (input_decks/README.md,
     * "Results file"; the schema's "schema_version" is this number).
     */
    static constexpr unsigned schema_version = 1;

    /**
     * Write @p results and, if given, the "model" block of @p model (both
     * must outlive this object). Results assembled without a model have no
     * "model" block.
     */
    explicit JsonWriter(const Results &results, const core::Model *model = nullptr);

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

    /**
     * The "model" object: the heading, the nodes (ids and reference
     * coordinates, in deck order), the elements (ids, type names and node
     * ids, in deck order) and the node and element sets (upper-case names,
     * their ids).
     */
    static void
    write_model(JsonStream &json, const core::Model &model);

  private:
    /** The results written. */
    const Results &results_;
    /** The model whose "model" block is written; nullptr: none. */
    const core::Model *model_;
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
