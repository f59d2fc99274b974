#pragma once
/**
 * @file
 * NAME.pvd and NAME-<step>-<frame>.vtu: the field frames of a run for
 * ParaView (input_decks/README.md, "Command line").
 */
#include <src/core/model.h>
#include <src/io/results.h>

#include <string>
#include <vector>

namespace corot::io
{
  /**
   * Writes every StepResult::frames entry as VTK XML unstructured-grid files
   * through deal.II's DataOutBase::write_vtu, and one NAME.pvd index over all
   * frames of all steps (DataOutBase::write_pvd_record).
   *
   * <h3>Geometry</h3>
   * Each element of core::Model::elements is one deal.II patch with
   * n_subdivisions = 1, placed at the reference positions of its nodes
   * (apply ParaView's "Warp By Vector" with U to see the deformed shape):
   * - trusses and beams (types starting with T or B) and every other 2-node
   *   element: a line patch, DataOutBase::Patch<1,3>. A 3-node beam is drawn
   *   as the straight line between its end nodes (first and last);
   * - 3-node elements: a triangle, 4-node elements: a quadrilateral, both
   *   DataOutBase::Patch<2,3>. A quadrilateral's nodes are numbered
   *   counter-clockwise in the deck (1 2 3 4) but a deal.II patch wants its
   *   vertices in lexicographic order, so the patch gets nodes 1 2 4 3;
   * - 1-node elements (MASS, ROTARYI): a vertex patch, DataOutBase::Patch<0,3>;
   * - any other element is not drawn.
   *
   * Patches do not share vertices, so a quantity constant per element stays
   * discontinuous between elements.
   *
   * <h3>Files</h3>
   * write_vtu() takes patches of a single dimension. A frame whose model has
   * only one kind of cell (the usual truss or frame model) becomes
   * NAME-<step>-<frame>.vtu. Otherwise each kind goes to its own piece,
   * NAME-<step>-<frame>-lines.vtu, -surfaces.vtu and -points.vtu, and
   * NAME-<step>-<frame>.pvtu (DataOutBase::write_pvtu_record) joins them
   * into one dataset; the .pvd then lists the .pvtu. (Listing the pieces in
   * the .pvd itself would not work: write_pvd_record gives every entry
   * part="0", and ParaView keeps one dataset per time and part.)
   * <step> is StepResult::number and <frame> counts from 1 within the step.
   *
   * <h3>Data</h3>
   * Point data at each patch vertex: "U" (U1..U3) and "UR" (rotation vector
   * UR1..UR3) as 3-vectors, "RF" (RF1..RF3) when the frame has reactions.
   * Element values (section forces: SF1 ... SM3 at the middle, SF1_end1 ...
   * and SF1_end2 ... at the ends of trusses and beams, the centre values of
   * shells) are cell data, one Float64 per cell in the order of the patches
   * (patches carry vertex data only, so the <CellData> block is added to
   * deal.II's output, in deal.II's zlib + base64 encoding, and a
   * <PCellData> block to the .pvtu); an element without a value of that
   * name gets NaN.
   *
   * <h3>Time</h3>
   * Each .vtu carries FieldFrame::time as its TIME field data and the frame
   * number as CYCLE (DataOutBase::VtkFlags), and FieldFrame::label as an XML
   * comment at its top (deal.II's writer has no string field data). For a
   * mode shape the time is the mode number, so ParaView steps through the
   * modes. In the .pvd, whose times must increase over all steps, the frames
   * of a step whose first time does not exceed the last time already listed
   * are shifted by that last time (a total time, as in Abaqus).
   */
  class VtuWriter
  {
  public:
    /** Write the frames of @p results of @p model; both must outlive this object. */
    VtuWriter(const core::Model &model, const Results &results);

    /**
     * Write all frames and the .pvd into @p directory (which must exist),
     * with file names starting with @p base_name. Nothing is written when no
     * step has frames.
     *
     * @return the names of the files written, relative to @p directory, with
     * the .pvd last (empty if nothing was written).
     */
    std::vector<std::string>
    write(const std::string &directory, const std::string &base_name) const;

    /** How an element is drawn. */
    enum class CellShape
    {
      point,         ///< one node
      line,          ///< two nodes, or the end nodes of a beam
      triangle,      ///< three nodes
      quadrilateral, ///< four nodes
      none           ///< not drawn
    };

    /** The shape @p element is drawn as (see the class documentation). */
    static CellShape
    cell_shape(const core::ElementRecord &element);

    /**
     * Write the file(s) of one frame into @p directory: @p stem.vtu, or
     * pieces and @p stem.pvtu; @p frame_number is the CYCLE. Appends the
     * names written to @p files. (ResultStream writes each frame with this
     * as the run goes.)
     *
     * @return the name the .pvd should list, empty if there were no cells.
     */
    std::string
    write_frame(const std::string &directory, const std::string &stem, const FieldFrame &frame,
                unsigned int frame_number, std::vector<std::string> &files) const;

  private:
    /** The model whose elements are drawn. */
    const core::Model &model_;

    /** The results whose frames are written. */
    const Results &results_;
  };
} // namespace corot::io
