/**
 * Result writers: NAME.json against an expected text for a tiny static +
 * frequency + dynamic run, string escaping and null for NaN, the model block
 * and the mode shapes; the frequency table of NAME.dat; the .vtu/.pvd files
 * of a two-element truss.
 */
#include <src/analysis/buckle_results.h>
#include <src/analysis/dynamic_results.h>
#include <src/analysis/frequency_results.h>
#include <src/analysis/static_results.h>
#include <src/io/json_stream.h>
#include <src/io/json_writer.h>
#include <src/io/mode_shapes.h>
#include <src/io/program_version.h>
#include <src/io/report_writer.h>
#include <src/io/result_files.h>
#include <src/io/vtu_writer.h>

#include <deal.II/base/utilities.h>

#include <gtest/gtest.h>
#include <zlib.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <regex>
#include <sstream>

using namespace corot;

namespace
{
  /** Static step with one node history, frequency step with two modes, dynamic step. */
  io::Results
  three_step_results()
  {
    io::Results results;
    results.deck_name = "tiny.inp";

    io::StepResult static_step;
    static_step.number = 1;
    static_step.emplace_results<analysis::StaticResults>();
    io::History history;
    history.time               = {0.5, 1.0};
    history.values["UR3"]      = {0.25, 0.5};
    history.values["U1"]       = {0.1, 0.2};
    static_step.node_output[3] = history;
    results.steps.push_back(static_step);

    io::StepResult frequency;
    frequency.number        = 2;
    auto &frequencies       = frequency.emplace_results<analysis::FrequencyResults>();
    frequencies.eigenvalues = {4.0 * M_PI * M_PI, 16.0 * M_PI * M_PI};
    frequencies.frequencies = {1.0, 2.0};
    results.steps.push_back(frequency);

    io::StepResult dynamic;
    dynamic.number                        = 3;
    auto &dynamics                        = dynamic.emplace_results<analysis::DynamicResults>();
    dynamics.energy.time                  = {0.0, 0.1};
    dynamics.energy.kinetic               = {1.0, 0.5};
    dynamics.energy.strain                = {0.0, 0.5};
    dynamics.energy.external_work         = {0.0, 0.0};
    dynamics.energy.total                 = {1.0, std::numeric_limits<double>::quiet_NaN()};
    dynamics.energy.viscous_dissipation   = {0.0, 0.0};
    dynamics.energy.numerical_dissipation = {0.0, std::numeric_limits<double>::quiet_NaN()};
    dynamics.newton_iterations            = {3};
    results.steps.push_back(dynamic);
    return results;
  }

  /** Nodes 1 (0,0,0), 2 (1,0,0), 3 (2,0,0); T3D2 elements 1: 1-2 and 2: 2-3. */
  core::Model
  two_element_truss()
  {
    core::Model model;
    model.deck_path = "truss.inp";
    model.heading   = "two bars";
    for (unsigned int i = 0; i < 3; ++i)
      {
        core::NodeRecord node;
        node.id                   = i + 1;
        node.position             = Eigen::Vector3d(i, 0.0, 0.0);
        model.node_index[node.id] = model.nodes.size();
        model.nodes.push_back(node);
      }
    for (unsigned int e = 0; e < 2; ++e)
      {
        core::ElementRecord element;
        element.id                      = e + 1;
        element.type                    = "T3D2";
        element.node_ids                = {e + 1, e + 2};
        model.element_index[element.id] = model.elements.size();
        model.elements.push_back(element);
      }
    return model;
  }

  io::FieldFrame
  truss_frame(const double time, const double scale)
  {
    io::FieldFrame frame;
    frame.time  = time;
    frame.label = "increment " + std::to_string(time);
    for (unsigned int i = 0; i < 3; ++i)
      {
        frame.displacement.emplace_back(scale * i, 0.0, 0.0);
        frame.rotation.emplace_back(0.0, 0.0, 0.0);
        frame.reaction.emplace_back(i == 0 ? -scale : 0.0, 0.0, 0.0);
      }
    // Element 1 a truss (axial force only), element 2 with a moment (end values differ).
    frame.element_values = {{{"SF1", 10.0 * scale}},
                            {{"SF1", 10.0 * scale}, {"SM1_end1", -3.0 * scale}, {"SM1_end2", 0.0}}};
    return frame;
  }

  /**
   * The values of the Float64 cell-data array @p name of @p vtu, decoded as
   * a VTK reader does for deal.II's own arrays: base64 of the UInt32 header
   * {blocks, block size, last block size, compressed size} (24 characters),
   * then base64 of the zlib data.
   */
  std::vector<double>
  cell_values(const std::string &vtu, const std::string &name)
  {
    const std::string opening =
      "<DataArray type=\"Float64\" Name=\"" + name + "\" format=\"binary\">\n";
    const std::size_t start = vtu.find(opening);
    if (start == std::string::npos)
      return {};
    const std::size_t begin  = start + opening.size();
    const std::string body   = vtu.substr(begin, vtu.find('\n', begin) - begin);
    const auto        header = dealii::Utilities::decode_base64(body.substr(0, 24));
    std::uint32_t     sizes[4];
    std::memcpy(sizes, header.data(), sizeof(sizes));
    EXPECT_EQ(sizes[0], 1u);
    const auto          compressed = dealii::Utilities::decode_base64(body.substr(24));
    std::vector<double> values(sizes[1] / sizeof(double));
    uLongf              bytes = sizes[1];
    EXPECT_EQ(uncompress(reinterpret_cast<Bytef *>(values.data()), &bytes, compressed.data(),
                         sizes[3]),
              Z_OK);
    return values;
  }

  std::string
  read_file(const std::filesystem::path &file)
  {
    std::ifstream      in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }

  /** A fresh, empty directory for one test's files. */
  std::filesystem::path
  scratch_directory(const std::string &name)
  {
    const std::filesystem::path directory =
      std::filesystem::temp_directory_path() / ("corot_writer_test_" + name);
    std::filesystem::remove_all(directory);
    return directory;
  }
} // namespace

TEST(JsonStream, EscapesQuotesBackslashAndControlCharacters)
{
  EXPECT_EQ(io::JsonStream::quote("say \"hi\"\\path\nnext\ttab\x01"),
            "\"say \\\"hi\\\"\\\\path\\nnext\\ttab\\u0001\"");
}

TEST(JsonStream, NumbersRoundTripAndNonFiniteIsNull)
{
  EXPECT_EQ(io::JsonStream::number_to_string(0.1), "0.1");
  EXPECT_EQ(io::JsonStream::number_to_string(1.0), "1");
  EXPECT_EQ(io::JsonStream::number_to_string(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(io::JsonStream::number_to_string(-std::numeric_limits<double>::infinity()), "null");
  for (const double x : {M_PI, 1.0 / 3.0, 6.02214076e23, -2.5e-300, 0.1 + 0.2})
    EXPECT_EQ(std::stod(io::JsonStream::number_to_string(x)), x);
}

TEST(JsonStream, NestedContainersAndStringLiterals)
{
  std::ostringstream out;
  io::JsonStream     json(out);
  json.begin_object();
  json.key("a");
  json.begin_array();
  json.value("x");
  json.value(2u);
  json.begin_object();
  json.end_object();
  json.end_array();
  json.key("b");
  json.value(true);
  json.end_object();
  EXPECT_EQ(out.str(), "{\n  \"a\": [\n    \"x\",\n    2,\n    {}\n  ],\n  \"b\": true\n}\n");
}

// A record of NAME.jsonl: the same document on one line, ended by its only newline.
TEST(JsonStream, OneLineDocumentHasOnlyTheFinalNewline)
{
  std::ostringstream out;
  io::JsonStream     json(out, true);
  json.begin_object();
  json.key("a");
  json.begin_array();
  json.value("x");
  json.value(std::vector<double>{0.5, 2.0});
  json.end_array();
  json.key("b");
  json.begin_object();
  json.end_object();
  json.end_object();
  EXPECT_EQ(out.str(), "{\"a\": [\"x\",[0.5, 2]],\"b\": {}}\n");
}

TEST(JsonWriter, StaticFrequencyDynamicMatchExpectedText)
{
  std::ostringstream out;
  io::JsonWriter(three_step_results()).write(out);
  const std::string expected = std::string(R"({
  "deck": "tiny.inp",
  "schema_version": 1,
  "program": {
    "name": "corot",
    "version": ")") + io::program_version() +
                               R"("
  },
  "status": "completed",
  "steps": [
    {
      "step": 1,
      "procedure": "static",
      "node_output": {
        "3": {
          "time": [0.5, 1],
          "U1": [0.1, 0.2],
          "UR3": [0.25, 0.5]
        }
      }
    },
    {
      "step": 2,
      "procedure": "frequency",
      "eigenvalues": [39.47841760435743, 157.91367041742973],
      "frequencies": [1, 2]
    },
    {
      "step": 3,
      "procedure": "dynamic",
      "energy": {
        "time": [0, 0.1],
        "kinetic": [1, 0.5],
        "strain": [0, 0.5],
        "external_work": [0, 0],
        "viscous_dissipation": [0, 0],
        "total": [1, null],
        "numerical_dissipation": [0, null]
      },
      "node_output": {},
      "newton_iterations": [3]
    }
  ]
}
)";
  EXPECT_EQ(out.str(), expected);
}

// The version is CMake's project(corot VERSION MAJOR.MINOR.PATCH).
TEST(JsonWriter, ProgramVersionIsThreeNumbers)
{
  EXPECT_TRUE(std::regex_match(io::program_version(), std::regex("[0-9]+\\.[0-9]+\\.[0-9]+")))
    << io::program_version();
}

TEST(JsonWriter, ModelBlockListsNodesElementsAndSets)
{
  core::Model model          = two_element_truss();
  model.node_sets["ENDS"]    = {1, 3};
  model.element_sets["LEFT"] = {1};
  std::ostringstream out;
  io::JsonWriter(three_step_results(), &model).write(out);
  const std::string expected_model = R"(
  "model": {
    "heading": "two bars",
    "nodes": {
      "ids": [1, 2, 3],
      "coordinates": [
        [0, 0, 0],
        [1, 0, 0],
        [2, 0, 0]
      ]
    },
    "elements": {
      "ids": [1, 2],
      "types": ["T3D2", "T3D2"],
      "connectivity": [
        [1, 2],
        [2, 3]
      ]
    },
    "node_sets": {
      "ENDS": [1, 3]
    },
    "element_sets": {
      "LEFT": [1]
    }
  },
  "steps": [)";
  EXPECT_NE(out.str().find(expected_model), std::string::npos) << out.str();
  // Without a model, no block.
  std::ostringstream bare;
  io::JsonWriter(three_step_results()).write(bare);
  EXPECT_EQ(bare.str().find("\"model\""), std::string::npos);
}

// Node 1 has UX UY RZ, node 2 none, node 3 UX UY: the nodes with DOFs, the kinds present,
// null for node 3's missing RZ, the values of the DOF vector as given.
TEST(ModeShapes, OnlyNodesAndKindsThatExistNullWhereANodeLacksAKind)
{
  core::Model model = two_element_truss();
  using Active      = std::array<bool, core::n_dof_kinds>;
  const core::DofMap dofs({Active{{true, true, false, false, false, true}}, Active{},
                           Active{{true, true, false, false, false, false}}},
                          {1, 2, 3});
  ASSERT_EQ(dofs.n_dofs(), 5u);
  Eigen::VectorXd first(5), second(5);
  first << 0.5, -1.0, 0.25, 0.0, 1.0; // node 1: UX UY RZ; node 3: UX UY
  second << 0.0, 0.0, 4.0, 1.0, 0.125;
  const io::ModeShapes shapes =
    io::ModeShapes::from_dof_vectors(model, dofs, {first, second}, "mass");
  EXPECT_EQ(shapes.node_ids, (std::vector<unsigned>{1, 3}));
  EXPECT_EQ(shapes.variables, (std::vector<std::string>{"U1", "U2", "UR3"}));
  ASSERT_EQ(shapes.values.size(), 2u);
  EXPECT_EQ(shapes.values[1][2][0], 4.0);
  std::ostringstream out;
  io::JsonStream     json(out);
  json.begin_object();
  shapes.write_json(json);
  json.end_object();
  EXPECT_EQ(out.str(), R"({
  "mode_shapes": {
    "normalization": "mass",
    "nodes": [1, 3],
    "variables": ["U1", "U2", "UR3"],
    "modes": [
      {
        "U1": [0.5, 0],
        "U2": [-1, 1],
        "UR3": [0.25, null]
      },
      {
        "U1": [0, 1],
        "U2": [0, 0.125],
        "UR3": [4, null]
      }
    ]
  }
}
)");
}

TEST(JsonWriter, DeckNameIsEscapedAndBuckleHasOnlyLoadFactors)
{
  io::Results results;
  results.deck_name = "we\"ird\\name\n.inp";
  io::StepResult buckle;
  buckle.number                                                  = 1;
  buckle.emplace_results<analysis::BuckleResults>().load_factors = {
    std::numeric_limits<double>::infinity(), 2.5};
  results.steps.push_back(buckle);
  std::ostringstream out;
  io::JsonWriter(results).write(out);
  const std::string text = out.str();
  EXPECT_NE(text.find(R"("deck": "we\"ird\\name\n.inp")"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("load_factors": [null, 2.5])"), std::string::npos) << text;
  EXPECT_EQ(text.find("eigenvalues"), std::string::npos);
  EXPECT_EQ(text.find("node_output"), std::string::npos);
}

TEST(ResultWriters, RiksStepReportsArcLengthAndLoadFactorPerIncrement)
{
  io::Results results;
  results.deck_name = "riks.inp";
  io::StepResult riks;
  riks.number               = 1;
  auto &statics             = riks.emplace_results<analysis::StaticResults>();
  statics.arc_length        = {0.5, 1.25};
  statics.load_factor       = {0.25, -0.125};
  statics.newton_iterations = {3, 4};
  results.steps.push_back(riks);
  std::ostringstream json;
  io::JsonWriter(results).write(json);
  EXPECT_NE(json.str().find(R"("arc_length": [0.5, 1.25],)"), std::string::npos) << json.str();
  EXPECT_NE(json.str().find(R"("load_factor": [0.25, -0.125],)"), std::string::npos) << json.str();
  const core::Model  model = two_element_truss();
  std::ostringstream report;
  io::ReportWriter(model, results).write(report);
  EXPECT_NE(report.str().find("      2   1.250000E+00  -1.250000E-01"), std::string::npos)
    << report.str();

  // A static step without RIKS has neither list.
  results.steps[0].results_as<analysis::StaticResults>().arc_length.clear();
  results.steps[0].results_as<analysis::StaticResults>().load_factor.clear();
  std::ostringstream plain;
  io::JsonWriter(results).write(plain);
  EXPECT_EQ(plain.str().find("load_factor"), std::string::npos) << plain.str();
}

TEST(ReportWriter, FrequencyTableRows)
{
  const core::Model  model = two_element_truss();
  std::ostringstream out;
  io::ReportWriter(model, three_step_results()).write(out);
  const std::string text = out.str();
  EXPECT_NE(text.find("deck      tiny.inp"), std::string::npos) << text;
  EXPECT_NE(text.find("STEP 2  (frequency)"), std::string::npos) << text;
  // mode, eigenvalue, omega = 2 pi f, f, period = 1/f
  EXPECT_NE(text.find("      1   3.947842E+01   6.283185E+00   1.000000E+00   1.000000E+00"),
            std::string::npos)
    << text;
  EXPECT_NE(text.find("      2   1.579137E+02   1.256637E+01   2.000000E+00   5.000000E-01"),
            std::string::npos)
    << text;
  // node table: columns in engineering order, U1 before UR3
  EXPECT_NE(text.find("           time             U1            UR3"), std::string::npos) << text;
  EXPECT_NE(text.find("   5.000000E-01   1.000000E-01   2.500000E-01"), std::string::npos) << text;
  // energy table with the NaN shown as "-"
  EXPECT_NE(text.find("E N E R G Y"), std::string::npos) << text;
  EXPECT_NE(text.find("   1.000000E-01   5.000000E-01   5.000000E-01   0.000000E+00   0.000000E+00"
                      "              -              -"),
            std::string::npos)
    << text;
}

TEST(VtuWriter, TwoElementTrussFramesAndPvd)
{
  const core::Model model = two_element_truss();
  io::Results       results;
  results.deck_name = "truss.inp";
  io::StepResult step;
  step.number = 1;
  step.emplace_results<analysis::StaticResults>();
  step.frames = {truss_frame(0.5, 1.0), truss_frame(1.0, 2.0)};
  results.steps.push_back(step);

  const std::filesystem::path directory = scratch_directory("vtu");
  std::filesystem::create_directories(directory);
  const std::vector<std::string> files =
    io::VtuWriter(model, results).write(directory.string(), "truss");
  ASSERT_EQ(files, (std::vector<std::string>{"truss-1-1.vtu", "truss-1-2.vtu", "truss.pvd"}));

  for (const char *name : {"truss-1-1.vtu", "truss-1-2.vtu"})
    {
      ASSERT_TRUE(std::filesystem::exists(directory / name)) << name;
      const std::string vtu = read_file(directory / name);
      EXPECT_EQ(vtu.rfind("<?xml", 0), 0u) << vtu.substr(0, 200);
      EXPECT_NE(vtu.find("<VTKFile type=\"UnstructuredGrid\""), std::string::npos);
      EXPECT_NE(vtu.find("</VTKFile>"), std::string::npos);
      // two line cells, two vertices each (patches do not share vertices)
      EXPECT_TRUE(std::regex_search(vtu, std::regex("NumberOfPoints=\"4\"\\s+NumberOfCells=\"2\"")))
        << vtu.substr(0, 800);
      EXPECT_NE(vtu.find("Name=\"U\" NumberOfComponents=\"3\""), std::string::npos);
      EXPECT_NE(vtu.find("Name=\"RF\" NumberOfComponents=\"3\""), std::string::npos);
      EXPECT_NE(vtu.find("<!-- corot frame: increment"), std::string::npos);
      // Section forces are cell data (one value per element), not point data.
      const std::size_t cells = vtu.find("<CellData>"), points = vtu.find("<PointData");
      ASSERT_NE(cells, std::string::npos) << vtu;
      EXPECT_LT(points, cells);
      EXPECT_EQ(vtu.find("Name=\"SF1\""), vtu.find("Name=\"SF1\"", cells)) << vtu;
      const double scale = std::string(name) == "truss-1-1.vtu" ? 1.0 : 2.0;
      EXPECT_EQ(cell_values(vtu, "SF1"), (std::vector<double>{10.0 * scale, 10.0 * scale}));
      const std::vector<double> end1 = cell_values(vtu, "SM1_end1");
      ASSERT_EQ(end1.size(), 2u);
      EXPECT_TRUE(std::isnan(end1[0])); // the truss has no moment
      EXPECT_EQ(end1[1], -3.0 * scale);
      EXPECT_EQ(cell_values(vtu, "SM1_end2")[1], 0.0);
    }

  const std::string pvd = read_file(directory / "truss.pvd");
  EXPECT_NE(pvd.find("type=\"Collection\""), std::string::npos) << pvd;
  EXPECT_NE(pvd.find("timestep=\"0.5\""), std::string::npos) << pvd;
  EXPECT_NE(pvd.find("file=\"truss-1-1.vtu\""), std::string::npos) << pvd;
  EXPECT_NE(pvd.find("timestep=\"1\""), std::string::npos) << pvd;
  EXPECT_NE(pvd.find("file=\"truss-1-2.vtu\""), std::string::npos) << pvd;
  std::filesystem::remove_all(directory);
}

TEST(VtuWriter, ShellAndMassGoToPiecesJoinedByPvtu)
{
  core::Model      model = two_element_truss();
  core::NodeRecord node;
  node.id                   = 4;
  node.position             = Eigen::Vector3d(2.0, 1.0, 0.0);
  model.node_index[node.id] = model.nodes.size();
  model.nodes.push_back(node);
  core::ElementRecord triangle;
  triangle.id       = 3;
  triangle.type     = "S3";
  triangle.node_ids = {2, 3, 4};
  model.elements.push_back(triangle);
  core::ElementRecord mass;
  mass.id       = 4;
  mass.type     = "MASS";
  mass.node_ids = {4};
  model.elements.push_back(mass);

  io::FieldFrame frame = truss_frame(1.0, 1.0);
  frame.displacement.emplace_back(0.0, 1.0, 0.0);
  frame.rotation.emplace_back(0.0, 0.0, 0.0);
  frame.reaction.emplace_back(0.0, 0.0, 0.0);

  io::Results    results;
  io::StepResult step;
  step.number = 2;
  step.emplace_results<analysis::FrequencyResults>();
  step.frames = {frame};
  results.steps.push_back(step);

  const std::filesystem::path directory = scratch_directory("pieces");
  std::filesystem::create_directories(directory);
  const std::vector<std::string> files =
    io::VtuWriter(model, results).write(directory.string(), "m");
  ASSERT_EQ(files, (std::vector<std::string>{"m-2-1-lines.vtu", "m-2-1-surfaces.vtu",
                                             "m-2-1-points.vtu", "m-2-1.pvtu", "m.pvd"}));
  EXPECT_TRUE(std::regex_search(read_file(directory / "m-2-1-surfaces.vtu"),
                                std::regex("NumberOfPoints=\"3\"\\s+NumberOfCells=\"1\"")));
  EXPECT_TRUE(std::regex_search(read_file(directory / "m-2-1-points.vtu"),
                                std::regex("NumberOfPoints=\"1\"\\s+NumberOfCells=\"1\"")));
  const std::string pvtu = read_file(directory / "m-2-1.pvtu");
  EXPECT_NE(pvtu.find("PUnstructuredGrid"), std::string::npos) << pvtu;
  EXPECT_NE(pvtu.find("m-2-1-surfaces.vtu"), std::string::npos) << pvtu;
  EXPECT_NE(read_file(directory / "m.pvd").find("file=\"m-2-1.pvtu\""), std::string::npos);
  std::filesystem::remove_all(directory);
}

TEST(VtuWriter, CellShapeFromFamilyAndNodeCount)
{
  core::ElementRecord quad;
  quad.type     = "S4";
  quad.node_ids = {1, 2, 3, 4};
  EXPECT_EQ(io::VtuWriter::cell_shape(quad), io::VtuWriter::CellShape::quadrilateral);
  core::ElementRecord beam;
  beam.type     = "B32";
  beam.node_ids = {1, 2, 3};
  EXPECT_EQ(io::VtuWriter::cell_shape(beam), io::VtuWriter::CellShape::line);
}

TEST(ResultWriters, WriteResultsCreatesDirectoryAndAllFiles)
{
  const core::Model model   = two_element_truss();
  io::Results       results = three_step_results();
  results.steps[0].frames   = {truss_frame(1.0, 1.0)};

  const std::filesystem::path directory = scratch_directory("all") / "nested";
  io::write_results(model, results, directory.string(), "truss");
  for (const char *name : {"truss.json", "truss.dat", "truss-1-1.vtu", "truss.pvd"})
    EXPECT_TRUE(std::filesystem::exists(directory / name)) << name;

  // No frames: no .pvd.
  const std::filesystem::path plain = scratch_directory("plain");
  io::write_results(model, three_step_results(), plain.string(), "tiny");
  EXPECT_TRUE(std::filesystem::exists(plain / "tiny.json"));
  EXPECT_TRUE(std::filesystem::exists(plain / "tiny.dat"));
  EXPECT_FALSE(std::filesystem::exists(plain / "tiny.pvd"));
  std::filesystem::remove_all(directory.parent_path());
  std::filesystem::remove_all(plain);
}
